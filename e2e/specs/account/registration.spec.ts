import type { Page } from '@playwright/test';
import { confirmationForm, registrationForm } from '../../support/account-pages.ts';
import { expect, test } from '../../support/fixtures.ts';
import { linkFromMailbox, newVisitorAddress } from '../../support/mailbox.ts';
import { customerDataLoaded, signInForm, submitCredentials } from '../../support/sign-in.ts';
import { recordToasts } from '../../support/toasts.ts';

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

test('a new visitor registers from the sign-in page, confirms the address in the same browser without the password and starts signed in without a practice', async ({
  page,
  portal,
  request,
}) => {
  const { email } = await registerFromSignIn(page, portal.url, portal.issuer);
  const link = await linkFromMailbox(
    request,
    portal.url,
    email,
    'account-verification',
    '/register/verify',
  );
  // The browser that registered typed the password a moment ago: the link confirms at once, and
  // the next sign-in needs no password either (issue 22, point 12; decision 0058).
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'E-Mail-Adresse bestätigt' })).toBeVisible();
  await expect(confirmationForm(page).password).toHaveCount(0);

  const loaded = customerDataLoaded(page);
  await page.getByRole('link', { name: 'Zum Portal' }).click();
  await loaded;
  await expect(page).toHaveURL((url) => url.origin === portal.url);
  await expect(
    page.getByRole('heading', { name: 'Sie sind noch mit keiner Praxis verbunden' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Praxis anlegen oder verbinden' })).toBeVisible();
});

test('in another browser the link asks for the password, and after it that browser is signed in', async ({
  browser,
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
  const context = await browser.newContext();
  await recordToasts(context);
  const elsewhere = await context.newPage();
  await elsewhere.goto(link);
  const confirmation = confirmationForm(elsewhere);
  await expect(confirmation.heading).toBeVisible();
  await expect(
    elsewhere.getByText(
      'Bitte geben Sie das Passwort ein, das Sie bei der Registrierung gewählt haben.',
    ),
  ).toBeVisible();
  await expect(confirmation.email).toHaveValue(email);
  await confirmation.password.fill(password);
  await confirmation.submit.click();
  await expect(elsewhere.getByRole('heading', { name: 'E-Mail-Adresse bestätigt' })).toBeVisible();

  const loaded = customerDataLoaded(elsewhere);
  await elsewhere.getByRole('link', { name: 'Zum Portal' }).click();
  await loaded;
  await expect(
    elsewhere.getByRole('heading', { name: 'Sie sind noch mit keiner Praxis verbunden' }),
  ).toBeVisible();
  await context.close();
});

// Security finding 1: whoever registered somebody else's address must not win by the owner's
// click, which comes from another browser than the registration.
test('opening the confirmation link alone in another browser confirms nothing', async ({
  browser,
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
  const context = await browser.newContext();
  await recordToasts(context);
  const owner = await context.newPage();
  await owner.goto(link);
  await expect(confirmationForm(owner).heading).toBeVisible();
  await expect(owner.getByText('Sie haben sich nicht selbst registriert?')).toBeVisible();
  await context.close();

  await page.goto(portal.url);
  await submitCredentials(page, email, password);
  await expect(signInForm(page).alert).toContainText(
    'Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse.',
  );
});
