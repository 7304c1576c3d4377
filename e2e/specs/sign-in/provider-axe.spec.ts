import { expectAccessibleState } from '../../support/axe.ts';
import { expect, test } from '../../support/fixtures.ts';
import { openProviderSignIn } from '../../support/provider-look-pages.ts';

// The provider's pages in both languages and both themes; the theme comes from the portal's
// authorize request and is remembered for the pages outside the interaction.
for (const language of ['de', 'en'] as const) {
  for (const theme of ['light', 'dark'] as const) {
    test(`sign-in, registration and forgotten password pass axe (${language}, ${theme})`, async ({
      page,
      portal,
    }) => {
      await openProviderSignIn(page, portal, {
        pp_theme: theme,
        pp_notice: 'signed-out',
        ui_locales: language,
      });
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(page.getByRole('status')).toBeVisible();
      await expectAccessibleState(page);

      for (const path of ['/register', '/forgot-password']) {
        await page.goto(`${portal.issuer}${path}?lang=${language}`);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await expectAccessibleState(page);
      }
    });
  }
}
