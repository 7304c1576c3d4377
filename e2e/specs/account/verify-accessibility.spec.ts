import { LANGUAGES_AND_STARTING_SCHEMES, expectAccessibleState } from '../../support/axe.ts';
import { expect, test } from '../../support/fixtures.ts';
import { usePortalLanguage } from '../../support/language.ts';
import { linkFromMailbox, newVisitorAddress } from '../../support/mailbox.ts';
import { emailChangeDialog } from '../../support/profile-page.ts';
import { customerDataLoaded, signIn } from '../../support/sign-in.ts';
import { recordToasts } from '../../support/toasts.ts';

const TEXTS = {
  de: {
    missing: 'Kein Bestätigungslink',
    invalid: 'Der Link ist ungültig',
    confirmed: 'Ihre E-Mail-Adresse ist bestätigt',
    used: 'Der Link wurde bereits verwendet',
    saveError: 'Ihre Änderungen konnten nicht gespeichert werden. Bitte versuchen Sie es erneut.',
  },
  en: {
    missing: 'No confirmation link',
    invalid: 'The link is not valid',
    confirmed: 'Your e-mail address is confirmed',
    used: 'The link has already been used',
    saveError: 'Your changes could not be saved. Please try again.',
  },
} as const;

for (const [language, scheme] of LANGUAGES_AND_STARTING_SCHEMES) {
  test(`axe finds nothing on /verify: without a link, a wrong one, confirmed and used (${language}, ${scheme})`, async ({
    browser,
    portal,
    request,
    createUser,
  }) => {
    test.setTimeout(60_000);
    // A context of its own, to start the page in this scheme.
    const context = await browser.newContext({ colorScheme: scheme });
    await recordToasts(context);
    const page = await context.newPage();
    const texts = TEXTS[language];
    const user = await createUser();
    await usePortalLanguage(page, portal.url, language);
    await page.goto(`${portal.url}/verify`);
    await signIn(page, user.email, user.password);
    await expect(page.getByText(texts.missing)).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expectAccessibleState(page);

    const open = async (url: string) => {
      const loaded = customerDataLoaded(page);
      await page.goto(url);
      await loaded;
    };
    await open(`${portal.url}/verify?hash=${'x'.repeat(43)}`);
    await expect(page.getByRole('alert', { name: texts.invalid })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: texts.saveError })).toBeVisible();
    await expectAccessibleState(page);

    const newEmail = newVisitorAddress();
    await open(`${portal.url}/info`);
    const dialog = emailChangeDialog(page);
    await dialog.open.click();
    await dialog.newEmail.fill(newEmail);
    await dialog.submit.click();
    await expect(dialog.dialog).toBeHidden();
    await expectAccessibleState(page);
    const link = await linkFromMailbox(
      request,
      portal.url,
      newEmail,
      'email-verification',
      '/verify',
    );

    await open(link);
    await expect(page.getByRole('status', { name: texts.confirmed })).toContainText(newEmail);
    await expectAccessibleState(page);

    // The same mail's link a second time: nothing to confirm, the address is already the new one.
    await open(link);
    await expect(page.getByRole('alert', { name: texts.used })).toContainText(newEmail);
    await expectAccessibleState(page);
    await context.close();
  });
}
