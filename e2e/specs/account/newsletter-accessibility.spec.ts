import { LANGUAGES_AND_STARTING_SCHEMES, expectNoAxeViolations } from '../../support/axe.ts';
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
    await expectNoAxeViolations(page);

    await form.subscribe.check();
    await form.choice(TEXTS[language].interest).check();
    await expectNoAxeViolations(page);

    await form.save.click();
    await expect(page.getByText(TEXTS[language].choose)).toBeVisible();
    await expectNoAxeViolations(page);
    await context.close();
  });
}

test.describe('on a 360 px wide phone', () => {
  test.use({ viewport: { width: 360, height: 720 } });

  test('/newsletter fits', async ({ page, portal, createUser }) => {
    const user = await createUser();
    await page.goto(`${portal.url}/newsletter`);
    await signIn(page, user.email, user.password);
    await expect(newsletterForm(page).form).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth),
    ).toBe(false);
  });
});
