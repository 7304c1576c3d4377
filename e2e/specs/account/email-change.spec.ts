import { expect, test } from '../../support/fixtures.ts';
import { linkFromMailbox, newVisitorAddress } from '../../support/mailbox.ts';
import { emailChangeDialog } from '../../support/profile-page.ts';
import {
  customerDataLoaded,
  expectSignedInAs,
  signIn,
  signInForm,
  signOut,
  submitCredentials,
} from '../../support/sign-in.ts';
import { recordToasts } from '../../support/toasts.ts';

test.use({ portalScope: 'worker' });

// A failed sign-in with the old address counts for the browser's address: this spec runs on a
// portal of its own (portalScope 'worker'), so it never adds to the shared portal's count.

test('a new e-mail address is confirmed by the link while signed in; then it signs in, the old one no longer', async ({
  browser,
  portal,
  request,
  createUser,
}) => {
  // @axe-core/playwright needs a page of its own context.
  const context = await browser.newContext();
  await recordToasts(context);
  const page = await context.newPage();
  const user = await createUser();
  const newEmail = newVisitorAddress();
  await page.goto(`${portal.url}/info`);
  await signIn(page, user.email, user.password);

  const dialog = emailChangeDialog(page);
  await dialog.open.click();
  await dialog.newEmail.fill(newEmail);
  await dialog.submit.click();
  await expect(
    page.getByRole('status').filter({
      hasText: `Wir haben einen Bestätigungslink an ${newEmail} gesendet. Erst wenn Sie ihn öffnen, ändert sich Ihre E-Mail-Adresse`,
    }),
  ).toBeVisible();
  await expect(dialog.dialog).toBeHidden();
  await expect(dialog.open).toBeFocused();
  await expect(page.getByText(user.email, { exact: true })).toBeVisible();

  // The old address is told, the new one gets the link.
  await linkFromMailbox(request, portal.url, user.email, 'email-changed-notice', '/');
  const link = await linkFromMailbox(
    request,
    portal.url,
    newEmail,
    'email-verification',
    '/verify',
  );
  const verifications: string[] = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname === '/api/v1/Customer/VerifyEmail')
      verifications.push(sent.url());
  });
  await page.goto(link);
  const confirmed = page
    .getByRole('status')
    .filter({ hasText: 'Ihre E-Mail-Adresse ist bestätigt' });
  await expect(confirmed).toContainText(`Ab sofort melden Sie sich mit ${newEmail} an`);
  await expect(page).toHaveURL(`${portal.url}/verify?confirmed=1`);

  // A reload confirms again without using the link a second time.
  const loaded = customerDataLoaded(page);
  await page.reload();
  await loaded;
  await expect(confirmed).toContainText(newEmail);
  expect(verifications).toHaveLength(1);

  await page.getByRole('link', { name: 'Zum Profil' }).click();
  await expect(page.getByText(newEmail, { exact: true })).toBeVisible();

  await signOut(page);
  await expect(signInForm(page).password).toBeVisible();
  await submitCredentials(page, user.email, user.password);
  await expect(signInForm(page).alert).toContainText(
    'Die E-Mail-Adresse oder das Passwort ist nicht richtig.',
  );
  await signIn(page, newEmail, user.password);
  await expectSignedInAs(page, user.name);
  await context.close();
});
