import { expect, test } from '../../support/fixtures.ts';
import { openProviderSignIn } from '../../support/provider-look-pages.ts';

const NOTICES = {
  de: {
    'signed-out': 'Sie wurden abgemeldet.',
    idle: 'Sie wurden wegen Inaktivität abgemeldet.',
  },
  en: {
    'signed-out': 'You have been signed out.',
    idle: 'You have been signed out due to inactivity.',
  },
} as const;

for (const language of ['de', 'en'] as const) {
  for (const notice of ['signed-out', 'idle'] as const) {
    test(`pp_notice=${notice} says why on the sign-in page (${language})`, async ({
      page,
      portal,
    }) => {
      await openProviderSignIn(page, portal, { pp_notice: notice, ui_locales: language });
      const status = page.getByRole('status');
      await expect(status).toHaveText(NOTICES[language][notice]);
      // Above the form: before the e-mail field in reading order and on screen.
      const statusBox = await status.boundingBox();
      const emailBox = await page.locator('input[autocomplete="username"]').boundingBox();
      expect(statusBox && emailBox && statusBox.y < emailBox.y).toBe(true);
    });
  }
}

test('any other pp_notice shows nothing', async ({ page, portal }) => {
  await openProviderSignIn(page, portal, { pp_notice: '<b>hacked</b>' });
  await expect(page.getByRole('status')).toHaveCount(0);
  await expect(page.getByText('hacked')).toHaveCount(0);
});
