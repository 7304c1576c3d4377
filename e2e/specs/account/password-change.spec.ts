import { newPasswordForm } from '../../support/account-pages.ts';
import { expect, test } from '../../support/fixtures.ts';
import { linkFromMailbox } from '../../support/mailbox.ts';
import {
  expectSignedInAs,
  signIn,
  signInForm,
  signOut,
  submitCredentials,
} from '../../support/sign-in.ts';

test.use({ portalScope: 'worker' });

// A failed sign-in with the old password counts for the browser's address: this spec runs on a
// portal of its own (portalScope 'worker'), so it never adds to the shared portal's count.

test('"change password" mails a link to the provider’s page; afterwards the new password signs in, the old one no longer', async ({
  page,
  portal,
  request,
  createUser,
}) => {
  const user = await createUser();
  const newPassword = `Neues-Passwort-${Date.now()}`;
  await page.goto(`${portal.url}/info`);
  await signIn(page, user.email, user.password);

  await page.getByRole('button', { name: 'Passwort ändern' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'E-Mail ist unterwegs' })).toContainText(
    `Wir haben Ihnen eine E-Mail mit einem Link an ${user.email} gesendet.`,
  );

  // Followed while still signed in to the portal.
  const link = await linkFromMailbox(
    request,
    portal.url,
    user.email,
    'password-reset',
    '/reset-password',
  );
  expect(new URL(link).origin).toBe(portal.issuer);
  await page.goto(link);
  const form = newPasswordForm(page);
  await form.password.fill(newPassword);
  await form.repeat.fill(newPassword);
  await form.submit.click();
  await expect(page.getByRole('heading', { name: 'Passwort geändert' })).toBeVisible();

  // The provider ended the sessions of the account: the portal asks to sign in again.
  await page.goto(`${portal.url}/info`);
  const signedIn = page.getByRole('button', { name: 'Benutzermenü' });
  await expect(signInForm(page).password.or(signedIn)).toBeVisible();
  if (await signedIn.isVisible()) await signOut(page);
  await expect(signInForm(page).password).toBeVisible();

  await submitCredentials(page, user.email, user.password);
  await expect(signInForm(page).alert).toContainText(
    'Die E-Mail-Adresse oder das Passwort ist nicht richtig.',
  );
  await signIn(page, user.email, newPassword);
  await expectSignedInAs(page, user.name);
});
