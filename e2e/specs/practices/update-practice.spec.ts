import { DEMO_USERS } from '../../support/demo-users.ts';
import { expect, test } from '../../support/fixtures.ts';
import { myPracticePage, practiceForm } from '../../support/practice-pages.ts';
import { customerDataLoaded, signIn } from '../../support/sign-in.ts';
import { expectToast } from '../../support/toasts.ts';

test.use({ portalScope: 'worker' });

// Sommer's data changes here: a portal of its own (portalScope 'worker').
const ben = DEMO_USERS[1];
const isUpdate = (url: string) => new URL(url).pathname === '/api/v1/Company/UpdateCompany';

test('ben.krause (admin) changes the phone number of "Zahnarztpraxis Dr. Sommer"', async ({
  page,
  portal,
}) => {
  await page.goto(`${portal.url}/my-practice/information-practice`);
  await signIn(page, ben.email);
  const form = practiceForm(page);
  await expect(form.phone).toHaveValue('+49 30 1234567');
  // Ben is an admin, not the superadmin: he cannot disable the practice.
  await expect(page.getByRole('button', { name: 'Praxis deaktivieren …' })).toHaveCount(0);

  await form.phone.fill('+49 30 5550100');
  const saved = page.waitForResponse((response) => isUpdate(response.url()));
  await form.save.click();
  const response = await saved;
  expect(response.status()).toBe(200);
  expect(response.request().postDataJSON()).toMatchObject({ phone: '+49 30 5550100' });
  await expectToast(page, 'Ihre Änderungen wurden gespeichert.');

  const loaded = customerDataLoaded(page);
  await page.reload();
  await loaded;
  await expect(form.phone).toHaveValue('+49 30 5550100');
  await page.getByRole('link', { name: 'Meine Praxis' }).first().click();
  await expect(myPracticePage(page).active).toContainText('+49 30 5550100');
});
