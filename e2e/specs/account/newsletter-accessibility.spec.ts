import { LANGUAGES_AND_STARTING_SCHEMES, expectAccessibleState } from '../../support/axe.ts';
import { expect, test } from '../../support/fixtures.ts';
import { usePortalLanguage } from '../../support/language.ts';
import { newsletterForm } from '../../support/newsletter-page.ts';
import { signIn } from '../../support/sign-in.ts';
import { recordToasts } from '../../support/toasts.ts';

const TEXTS = {
  de: { choose: 'Bitte wählen Sie mindestens einen Newsletter aus.', interest: 'Prophylaxe' },
  en: { choose: 'Please choose at least one newsletter.', interest: 'Prophylaxis' },
} as const;

for (const [language, scheme] of LANGUAGES_AND_STARTING_SCHEMES) {
  test(`axe finds nothing on /newsletter: loaded, chosen and with an error (${language}, ${scheme})`, async ({
    browser,
    portal,
    createUser,
  }) => {
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
    await form.choice(TEXTS[language].interest).check();
    await expectAccessibleState(page);

    await form.save.click();
    await expect(page.getByText(TEXTS[language].choose)).toBeVisible();
    await expectAccessibleState(page);
    await context.close();
  });
}
