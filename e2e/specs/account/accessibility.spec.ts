import {
  confirmationForm,
  forgotPasswordForm,
  newPasswordForm,
  registrationForm,
} from '../../support/account-pages.ts';
import { expectAccessibleState } from '../../support/axe.ts';
import { expect, test } from '../../support/fixtures.ts';
import { usePortalLanguage } from '../../support/language.ts';
import { linkFromMailbox, newVisitorAddress } from '../../support/mailbox.ts';
import { recordToasts } from '../../support/toasts.ts';

const TEXTS = {
  de: {
    register: 'Registrieren',
    forgot: 'Passwort vergessen?',
    alias: 'Adressen gemeinsamer Postfächer wie info@ oder praxis@ sind nicht möglich.',
    short: 'Das Passwort muss mindestens 10 Zeichen lang sein.',
    mismatch: 'Die beiden Passwörter stimmen nicht überein.',
    invalidEmail: 'Bitte geben Sie eine gültige E-Mail-Adresse ein',
    sent: 'Bitte prüfen Sie Ihr Postfach',
    missingPassword: 'Bitte geben Sie Ihr Passwort ein.',
    confirmed: 'E-Mail-Adresse bestätigt',
  },
  en: {
    register: 'Register',
    forgot: 'Forgot password?',
    alias: 'Addresses of shared mailboxes such as info@ or office@ cannot be used.',
    short: 'The password must be at least 10 characters long.',
    mismatch: 'The two passwords do not match.',
    invalidEmail: 'Please enter a valid e-mail address',
    sent: 'Please check your inbox',
    missingPassword: 'Please enter your password.',
    confirmed: 'E-mail address confirmed',
  },
} as const;

for (const language of ['de', 'en'] as const) {
  const texts = TEXTS[language];

  test(`axe finds nothing on the registration page, also with its errors (${language})`, async ({
    page,
    portal,
  }) => {
    await usePortalLanguage(page, portal.url, language);
    await page.goto(portal.url);
    await page.getByRole('link', { name: texts.register, exact: true }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expectAccessibleState(page);

    const form = registrationForm(page);
    await form.email.fill('info@praxis-beispiel.de');
    await form.password.fill('kurz');
    await form.repeat.fill('anders');
    await form.submit.click();
    await expect(page.getByText(texts.alias)).toBeVisible();
    await expect(page.getByText(texts.short)).toBeVisible();
    await expect(page.getByText(texts.mismatch)).toBeVisible();
    await expect(form.email).toHaveAttribute('aria-invalid', 'true');
    await expect(form.email).toHaveValue('info@praxis-beispiel.de');
    await expect(form.password).toHaveValue('');
    await expect(form.email).toBeFocused();
    await expectAccessibleState(page);
  });

  test(`axe finds nothing on the forgot-password and reset pages, also with their errors (${language})`, async ({
    page,
    portal,
    request,
    createUser,
  }) => {
    const user = await createUser();
    await usePortalLanguage(page, portal.url, language);
    await page.goto(portal.url);
    await page.getByRole('link', { name: texts.forgot }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expectAccessibleState(page);

    const forgot = forgotPasswordForm(page);
    await forgot.email.fill('keine-adresse');
    await forgot.submit.click();
    await expect(page.getByText(texts.invalidEmail)).toBeVisible();
    await expectAccessibleState(page);

    await forgot.email.fill(user.email);
    await forgot.submit.click();
    await expect(page.getByRole('heading', { name: texts.sent })).toBeVisible();
    await expectAccessibleState(page);

    await page.goto(
      await linkFromMailbox(request, portal.url, user.email, 'password-reset', '/reset-password'),
    );
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expectAccessibleState(page);
    const form = newPasswordForm(page);
    await form.password.fill('kurz');
    await form.repeat.fill('anders');
    await form.submit.click();
    await expect(page.getByText(texts.short)).toBeVisible();
    await expect(page.getByText(texts.mismatch)).toBeVisible();
    await expect(form.password).toHaveAttribute('aria-invalid', 'true');
    await expectAccessibleState(page);
  });

  test(`axe finds nothing on the confirmation page, also with its error (${language})`, async ({
    browser,
    page,
    portal,
    request,
  }) => {
    const email = newVisitorAddress();
    const password = `Neu-im-Portal-${Date.now()}`;
    await usePortalLanguage(page, portal.url, language);
    await page.goto(portal.url);
    await page.getByRole('link', { name: texts.register, exact: true }).click();
    const registration = registrationForm(page);
    await registration.email.fill(email);
    await registration.password.fill(password);
    await registration.repeat.fill(password);
    await registration.submit.click();
    await expect(page.getByRole('heading', { name: texts.sent })).toBeVisible();

    // The page asks for the password only in a browser other than the registering one
    // (decision 0058).
    const context = await browser.newContext();
    await recordToasts(context);
    const elsewhere = await context.newPage();
    await elsewhere.goto(
      await linkFromMailbox(request, portal.url, email, 'account-verification', '/register/verify'),
    );
    const form = confirmationForm(elsewhere);
    await expect(form.heading).toBeVisible();
    await expect(elsewhere.locator('html')).toHaveAttribute('lang', language);
    await expect(form.password).toBeFocused();
    await expectAccessibleState(elsewhere);

    // An empty password is refused without counting as a failed attempt.
    await form.submit.click();
    await expect(elsewhere.getByText(texts.missingPassword)).toBeVisible();
    await expect(form.password).toHaveAttribute('aria-invalid', 'true');
    await expectAccessibleState(elsewhere);

    await form.password.fill(password);
    await form.submit.click();
    await expect(elsewhere.getByRole('heading', { name: texts.confirmed })).toBeVisible();
    await expectAccessibleState(elsewhere);
    await context.close();
  });
}
