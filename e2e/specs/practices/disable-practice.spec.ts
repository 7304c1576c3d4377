import { randomUUID } from 'node:crypto';
import { expect, test } from '../../support/fixtures.ts';
import { disablePractice, mainNavigation, myPracticePage } from '../../support/practice-pages.ts';
import { signIn } from '../../support/sign-in.ts';
import { expectToast } from '../../support/toasts.ts';

test('the superadmin disables the practice after a confirmation that names it, and enables it again', async ({
  page,
  portal,
  createUser,
}) => {
  const name = `Praxis Lindenhof ${randomUUID().slice(0, 6)}`;
  const user = await createUser({ practices: [{ name }] });
  await page.goto(`${portal.url}/my-practice/information-practice`);
  await signIn(page, user.email, user.password);
  const disable = disablePractice(page);

  await disable.open.click();
  await expect(disable.dialog).toContainText(
    `Möchten Sie die Praxis „${name}“ wirklich deaktivieren?`,
  );
  await expect(disable.cancel).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(disable.dialog).toBeHidden();
  await expect(disable.open).toBeFocused();

  await disable.open.click();
  await disable.confirm.click();
  await expect(page).toHaveURL(`${portal.url}/my-practice`);
  await expectToast(page, 'Die Praxis wurde deaktiviert.');
  const myPractice = myPracticePage(page);
  await expect(myPractice.practice(name)).toContainText('Deaktiviert');
  await expect(myPractice.active).toHaveCount(0);
  await expect(mainNavigation(page).getByRole('link', { name: 'Praxisdaten' })).toHaveCount(0);
  await expect(page.getByText('keinen Zugriff auf diese Seite')).toHaveCount(0);

  await myPractice.enable(name).click();
  await expectToast(page, 'Die Praxis ist wieder aktiviert.');
  await expect(myPractice.active).toContainText(name);
  await expect(myPractice.practice(name)).not.toContainText('Deaktiviert');
  await expect(mainNavigation(page).getByRole('link', { name: 'Praxisdaten' })).toBeVisible();
});
