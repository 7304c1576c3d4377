import type { Page } from '@playwright/test';
import { expectAccessibleState } from '../../support/axe.ts';
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

async function useColorScheme(page: Page, portalUrl: string, scheme: 'light' | 'dark') {
  await page.addInitScript(
    ({ origin, value }) => {
      if (window.location.origin === origin) window.localStorage.setItem('pp.color-scheme', value);
    },
    { origin: new URL(portalUrl).origin, value: scheme },
  );
}

for (const language of ['de', 'en'] as const) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`axe finds nothing on the shell's screens (${language}, ${scheme})`, async ({
      browser,
      portal,
    }) => {
      // @axe-core/playwright needs a page of its own context.
      const context = await browser.newContext();
      await recordToasts(context);
      const page = await context.newPage();
      const texts = TEXTS[language];
      await usePortalLanguage(page, portal.url, language);
      await useColorScheme(page, portal.url, scheme);

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
}
