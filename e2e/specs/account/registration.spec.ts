import type { Page } from '@playwright/test';
import { confirmationForm, registrationForm } from '../../support/account-pages.ts';
import { expect, test } from '../../support/fixtures.ts';
import { linkFromMailbox, newVisitorAddress } from '../../support/mailbox.ts';
import { signIn, signInForm, submitCredentials } from '../../support/sign-in.ts';

/** Registers a new address from the portal's sign-in page; answers the confirmation link. */
async function registerFromSignIn(page: Page, portalUrl: string, issuer: string) {
  const email = newVisitorAddress();
  const password = `Neu-im-Portal-${Date.now()}`;
  await page.goto(portalUrl);
  await expect(page).toHaveURL((url) => url.origin === issuer);
  await page.getByRole('link', { name: 'Registrieren' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Registrieren' })).toBeVisible();
  const form = registrationForm(page);
  await form.email.fill(email);
  await form.password.fill(password);
  await form.repeat.fill(password);
  await form.submit.click();
  await expect(page.getByRole('heading', { name: 'Bitte prüfen Sie Ihr Postfach' })).toBeVisible();
  return { email, password };
}

test('a new visitor registers from the sign-in page, confirms the address with the password and starts without a practice', async ({
  page,
  portal,
  request,
}) => {
  const { email, password } = await registerFromSignIn(page, portal.url, portal.issuer);
  const link = await linkFromMailbox(
    request,
    portal.url,
    email,
    'account-verification',
    '/register/verify',
  );
  await page.goto(link);
  const confirmation = confirmationForm(page);
  await expect(confirmation.heading).toBeVisible();
  await expect(
    page.getByText(
      'Bitte geben Sie das Passwort ein, das Sie bei der Registrierung gewählt haben.',
    ),
  ).toBeVisible();
  await expect(confirmation.email).toHaveValue(email);
  await confirmation.password.fill(password);
  await confirmation.submit.click();
  await expect(page.getByRole('heading', { name: 'E-Mail-Adresse bestätigt' })).toBeVisible();

  await page.getByRole('link', { name: 'Zum Portal' }).click();
  await signIn(page, email, password);
  await expect(page).toHaveURL((url) => url.origin === portal.url);
  await expect(
    page.getByRole('heading', { name: 'Sie sind noch mit keiner Praxis verbunden' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Praxis anlegen oder verbinden' })).toBeVisible();
});

// Security finding 1: whoever registered somebody else's address must not win by the owner's click.
test('opening the confirmation link alone confirms nothing', async ({ page, portal, request }) => {
  const { email, password } = await registerFromSignIn(page, portal.url, portal.issuer);
  const link = await linkFromMailbox(
    request,
    portal.url,
    email,
    'account-verification',
    '/register/verify',
  );
  await page.goto(link);
  await expect(confirmationForm(page).heading).toBeVisible();
  await expect(page.getByText('Sie haben sich nicht selbst registriert?')).toBeVisible();

  await page.goto(portal.url);
  await submitCredentials(page, email, password);
  await expect(signInForm(page).alert).toContainText(
    'Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse.',
  );
});
