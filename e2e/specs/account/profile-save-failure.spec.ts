import { expect, test } from '../../support/fixtures.ts';
import { profileForm } from '../../support/profile-page.ts';
import { signIn } from '../../support/sign-in.ts';
import { expectToast } from '../../support/toasts.ts';

const SAVE_ERROR =
  'Ihre Änderungen konnten nicht gespeichert werden. Bitte versuchen Sie es erneut.';

test('a failed save shows SAVE_ERROR and keeps every input', async ({
  page,
  portal,
  createUser,
}) => {
  const user = await createUser();
  await page.goto(`${portal.url}/info`);
  await signIn(page, user.email, user.password);
  const form = profileForm(page);
  await expect(form.form).toBeVisible();

  await page.route('**/api/v1/Customer/UpdateCustomerData', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/problem+json',
      body: JSON.stringify({
        type: 'about:blank',
        title: 'Error',
        status: 500,
        code: 'internal_error',
      }),
    }),
  );
  await form.lastName.fill('Muster-Neu');
  await form.phone.fill('030 1234567');
  await form.dateOfBirth.fill('7.3.1985');
  await form.profession.selectOption('DENTIST');
  await form.save.click();

  await expectToast(page, SAVE_ERROR, 'alert');
  await expect(form.lastName).toHaveValue('Muster-Neu');
  await expect(form.phone).toHaveValue('030 1234567');
  await expect(form.dateOfBirth).toHaveValue('07.03.1985');
  await expect(form.profession).toHaveValue('DENTIST');
  await expect(form.save).toBeEnabled();
});
