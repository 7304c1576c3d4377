import { LANGUAGES_AND_STARTING_SCHEMES, expectAccessibleState } from '../../support/axe.ts';
import { expect, test } from '../../support/fixtures.ts';
import { usePortalLanguage } from '../../support/language.ts';
import { linkFromMailbox } from '../../support/mailbox.ts';
import { newsletterForm } from '../../support/newsletter-page.ts';
import { signIn } from '../../support/sign-in.ts';
import { recordToasts } from '../../support/toasts.ts';

const TEXTS = {
  de: {
    choose: 'Bitte wählen Sie mindestens einen Newsletter aus.',
    interest: 'Prophylaxe',
    distributor: 'Produktneuheiten',
    pending: 'Bestätigung ausstehend',
    resend: 'E-Mail erneut senden',
    resent: 'Wir haben die E-Mail erneut gesendet.',
    confirm: 'Newsletter-Abonnement bestätigen',
    confirmButton: 'Abonnement bestätigen',
    confirmed: 'Abonnement bestätigt',
    unsubscribe: 'Newsletter abbestellen',
  },
  en: {
    choose: 'Please choose at least one newsletter.',
    interest: 'Prophylaxis',
    distributor: 'Product news',
    pending: 'Confirmation pending',
    resend: 'Send e-mail again',
    resent: 'We have sent the e-mail again.',
    confirm: 'Confirm newsletter subscription',
    confirmButton: 'Confirm subscription',
    confirmed: 'Subscription confirmed',
    unsubscribe: 'Unsubscribe from the newsletter',
  },
} as const;

// Every state of the newsletter's screen and of the pages its mails' links open: their one
// accessibility check (issue 42, point 6). The double opt-in's journey: newsletter-double-opt-in.
for (const [language, scheme] of LANGUAGES_AND_STARTING_SCHEMES) {
  test(`axe finds nothing on /newsletter (loaded, chosen, with an error, pending) and on the link pages (${language}, ${scheme})`, async ({
    browser,
    portal,
    createUser,
    request,
  }) => {
    test.setTimeout(90_000);
    const texts = TEXTS[language];
    // A context of its own, to start the page in this scheme.
    const context = await browser.newContext({ colorScheme: scheme });
    await recordToasts(context);
    const page = await context.newPage();
    const user = await createUser();
    await usePortalLanguage(page, portal.url, language);
    await page.goto(`${portal.url}/newsletter`);
    await signIn(page, user.email, user.password);
    const form = newsletterForm(page);
    await expect(form.form).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    await expectAccessibleState(page);

    await form.subscribe.check();
    await form.choice(texts.interest).check();
    await expectAccessibleState(page);

    await form.save.click();
    await expect(page.getByText(texts.choose)).toBeVisible();
    await expectAccessibleState(page);

    // Subscribed: the confirmation is pending. Keyboard: the resend button is reached and
    // pressed without a mouse.
    await form.choice(texts.distributor).check();
    await form.save.click();
    await expect(page.getByText(texts.pending)).toBeVisible();
    await page.getByRole('button', { name: texts.resend }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText(texts.resent)).toBeVisible();
    await expectAccessibleState(page);
    await context.close();

    // The mail's links open in a browser without the portal's session.
    const signedOut = await browser.newContext({ colorScheme: scheme });
    await recordToasts(signedOut);
    const linkPage = await signedOut.newPage();
    const linkTo = async (path: string) => {
      const link = new URL(
        await linkFromMailbox(request, portal.url, user.email, 'newsletter-confirmation', path),
      );
      link.searchParams.set('lang', language);
      return link.href;
    };
    await linkPage.goto(await linkTo('/newsletter/confirm'));
    await expect(linkPage.locator('html')).toHaveAttribute('lang', language);
    await expect(linkPage.getByRole('heading', { name: texts.confirm })).toBeVisible();
    await expectAccessibleState(linkPage);

    await linkPage.getByRole('button', { name: texts.confirmButton }).click();
    await expect(linkPage.getByRole('heading', { name: texts.confirmed })).toBeVisible();
    await expect(linkPage.locator('html')).toHaveAttribute('lang', language);
    await expectAccessibleState(linkPage);

    await linkPage.goto(await linkTo('/newsletter/unsubscribe'));
    await expect(linkPage.locator('html')).toHaveAttribute('lang', language);
    await expect(linkPage.getByRole('heading', { name: texts.unsubscribe })).toBeVisible();
    await expectAccessibleState(linkPage);
    await signedOut.close();
  });
}
