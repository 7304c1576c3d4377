import { forgotPasswordForm, newPasswordForm } from '../../support/account-pages.ts';
import { expect, test } from '../../support/fixtures.ts';
import { linkFromMailbox } from '../../support/mailbox.ts';
import { expectSignedInAs, signIn, signInForm, submitCredentials } from '../../support/sign-in.ts';

// The old password's failure counts for the browser's address (127.0.0.1) like those of
// wrong-password.spec.ts; together they stay below the address's 10 free failures.

test('a forgotten password is reset by mail: the new one signs in, the old one no longer', async ({
  page,
  portal,
  request,
  createUser,
}) => {
  const user = await createUser();
  const newPassword = `Neues-Passwort-${Date.now()}`;
  await page.goto(portal.url);
  await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Passwort vergessen' })).toBeVisible();
  const forgot = forgotPasswordForm(page);
  await forgot.email.fill(user.email);
  await forgot.submit.click();
  await expect(page.getByRole('heading', { name: 'Bitte prüfen Sie Ihr Postfach' })).toBeVisible();

  const link = await linkFromMailbox(
    request,
    portal.url,
    user.email,
    'password-reset',
    '/reset-password',
  );
  await page.goto(link);
  const form = newPasswordForm(page);
  await form.password.fill(newPassword);
  await form.repeat.fill(newPassword);
  await form.submit.click();
  await expect(page.getByRole('heading', { name: 'Passwort geändert' })).toBeVisible();

  await page.getByRole('link', { name: 'Zum Portal' }).click();
  await submitCredentials(page, user.email, user.password);
  await expect(signInForm(page).alert).toContainText(
    'Die E-Mail-Adresse oder das Passwort ist nicht richtig.',
  );
  await signIn(page, user.email, newPassword);
  await expectSignedInAs(page, user.name);
});
