import { expectAccessibleState } from '../../support/axe.ts';
import { DEMO_USERS } from '../../support/demo-users.ts';
import { test, expect } from '../../support/fixtures.ts';
import { usePortalLanguage } from '../../support/language.ts';
import { signIn } from '../../support/sign-in.ts';
import { heading } from './shell.ts';
import { recordToasts } from '../../support/toasts.ts';

// Issue 12: the operator's name and logo in the header, the legal links in the footer. Without
// legal links (the shared portal configures none), a portal outside production says in the
// footer that they must be configured (issue 22, point 16); in production it shows no footer
// (apps/api/test/web/app-config.test.ts, app-footer.test.tsx).
const clara = DEMO_USERS[2];

const BRANDED = {
  IMPRINT_URL: 'https://www.example.com/impressum',
  PRIVACY_URL: 'https://www.example.com/datenschutz',
  PORTAL_NAME: 'Zahnportal Nord',
  LOGO_URL: '/favicon.svg',
};

const PLACEHOLDERS = {
  de: {
    label: 'Rechtliches',
    texts: [
      'Impressum: noch nicht eingerichtet (IMPRINT_URL)',
      'Datenschutz: noch nicht eingerichtet (PRIVACY_URL)',
    ],
    statement: 'Barrierefreiheit',
  },
  en: {
    label: 'Legal',
    texts: [
      'Legal notice: not yet configured (IMPRINT_URL)',
      'Privacy: not yet configured (PRIVACY_URL)',
    ],
    statement: 'Accessibility',
  },
} as const;

for (const [language, scheme] of [
  ['de', 'light'],
  ['en', 'dark'],
] as const) {
  test(`without legal links a portal in development says so in the footer, with placeholders (${language}, ${scheme})`, async ({
    browser,
    portal,
  }) => {
    const context = await browser.newContext({ colorScheme: scheme });
    await recordToasts(context);
    const page = await context.newPage();
    await usePortalLanguage(page, portal.url, language);
    await page.goto(`${portal.url}/dashboard`);
    await signIn(page, clara.email);
    await expect(heading(page)).toHaveText(/^(Guten Tag|Hello), /);
    const footer = page.getByRole('contentinfo', { name: PLACEHOLDERS[language].label });
    for (const text of PLACEHOLDERS[language].texts) {
      await expect(footer.getByText(text, { exact: true })).toBeVisible();
    }
    // The accessibility statement is the only link (decision 0080).
    await expect(footer.getByRole('link')).toHaveText([PLACEHOLDERS[language].statement]);
    // The default name of the portal, in the language.
    await expect(page.getByRole('banner').getByRole('link').first()).toHaveText(
      language === 'de' ? 'Praxisportal' : 'Practice Portal',
    );
    await context.close();
  });
}

test.describe('with the operator’s settings', () => {
  // A portal of its own, started with the settings above, on the built-in record store.
  test.use({ portalScope: 'own', recordStore: 'builtin', portalSettings: BRANDED });

  test('the operator’s name and logo head the portal, the footer holds the legal links', async ({
    page,
    portal,
  }) => {
    test.setTimeout(60_000);
    await page.goto(`${portal.url}/dashboard`);
    await signIn(page, clara.email);
    await expect(heading(page)).toHaveText('Guten Tag, Frau Wolf');
    // The browser tab, too, carries the operator's name.
    await expect(page).toHaveTitle(`Übersicht – ${BRANDED.PORTAL_NAME}`);

    const brand = page.getByRole('banner').getByRole('link', { name: BRANDED.PORTAL_NAME });
    await expect(brand).toBeVisible();
    const logo = brand.locator('img');
    await expect(logo).toHaveAttribute('src', BRANDED.LOGO_URL);
    await expect
      .poll(() => logo.evaluate((image) => (image as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);

    const footer = page.getByRole('contentinfo', { name: 'Rechtliches' });
    await expect(footer.getByRole('link')).toHaveText([
      'Impressum',
      'Datenschutz',
      'Barrierefreiheit',
    ]);
    await expect(footer.getByRole('link', { name: 'Impressum' })).toHaveAttribute(
      'href',
      BRANDED.IMPRINT_URL,
    );
    // The branded header and footer's accessibility is checked here only (issue 42, point 6):
    // wide in German, on a phone in English.
    await expectAccessibleState(page);

    // On a phone the name gives way to the switchers; the logo stays and keeps the link's name.
    await page.setViewportSize({ width: 360, height: 740 });
    await expect(brand).toBeVisible();
    await expect(brand.getByText(BRANDED.PORTAL_NAME)).toBeHidden();
    await expect(logo).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    // In English (a portal of its own: the saved choice stays there).
    await page.getByRole('banner').getByRole('button', { name: 'English' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('contentinfo', { name: 'Legal' }).getByRole('link')).toHaveText([
      'Legal notice',
      'Privacy',
      'Accessibility',
    ]);
    await expect(brand.getByText(BRANDED.PORTAL_NAME)).toBeHidden();
    await expectAccessibleState(page);
  });
});
