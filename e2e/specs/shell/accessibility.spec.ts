import { LANGUAGES_AND_STARTING_SCHEMES, expectAccessibleState } from '../../support/axe.ts';
import { DEMO_USERS } from '../../support/demo-users.ts';
import { expect, test } from '../../support/fixtures.ts';
import { usePortalLanguage } from '../../support/language.ts';
import { customerDataLoaded, signIn } from '../../support/sign-in.ts';
import { heading } from './shell.ts';
import { recordToasts } from '../../support/toasts.ts';

const anna = DEMO_USERS[0];

const TEXTS = {
  de: {
    userMenu: 'Benutzermenü',
    unauthorized: 'Ihre Daten konnten nicht geladen werden',
    notFound: 'Seite nicht gefunden',
  },
  en: {
    userMenu: 'User menu',
    unauthorized: 'Your data could not be loaded',
    notFound: 'Page not found',
  },
} as const;

for (const [language, scheme] of LANGUAGES_AND_STARTING_SCHEMES) {
  test(`axe finds nothing on the shell's screens (${language}, ${scheme})`, async ({
    browser,
    portal,
  }) => {
    // A context of its own, to start the page in this scheme. The scheme is the system's, not
    // a choice pinned in the portal: each check then sees the light and the dark scheme.
    const context = await browser.newContext({ colorScheme: scheme });
    await recordToasts(context);
    const page = await context.newPage();
    const texts = TEXTS[language];
    await usePortalLanguage(page, portal.url, language);

    await page.goto(`${portal.url}/dashboard`);
    await signIn(page, anna.email);
    await expect(heading(page)).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    await expectAccessibleState(page);

    await page.getByRole('button', { name: texts.userMenu }).click();
    await expect(page.getByRole('button', { name: texts.userMenu })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expectAccessibleState(page);
    await page.keyboard.press('Escape');

    await page.route('**/api/v1/Customer/GetCustomerData', (route) =>
      route.fulfill({ status: 503, body: '' }),
    );
    await page.reload();
    // The failure's toast lasts 2 s: look for it and the heading at once, not one after the other.
    await Promise.all([
      expect(heading(page)).toHaveText(texts.unauthorized),
      expect(page.getByRole('alert')).toBeVisible(),
    ]);
    await expectAccessibleState(page);
    await page.unroute('**/api/v1/Customer/GetCustomerData');

    const loaded = customerDataLoaded(page);
    await page.goto(`${portal.url}/no-such-page`);
    await loaded;
    await expect(heading(page)).toHaveText(texts.notFound);
    await expectAccessibleState(page);
    await context.close();
  });
}
