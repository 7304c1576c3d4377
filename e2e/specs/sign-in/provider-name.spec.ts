import { expect, test } from '../../support/fixtures.ts';
import { openProviderSignIn } from '../../support/provider-look-pages.ts';

test.describe("the operator's portal name and logo", () => {
  test.use({
    portalScope: 'own',
    recordStore: 'builtin',
    portalSettings: { PORTAL_NAME: 'Praxis Dr. Sommer', LOGO_URL: '/favicon.svg' },
  });

  test('head the provider pages, with the logo from the portal', async ({ page, portal }) => {
    const config = await page.request.get(`${portal.url}/app-config.json`);
    expect(await config.json()).toMatchObject({
      portalName: 'Praxis Dr. Sommer',
      logoUrl: '/favicon.svg',
    });

    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    await openProviderSignIn(page, portal, { ui_locales: 'de' });
    await expect(page).toHaveTitle('Anmelden – Praxis Dr. Sommer');
    const header = page.getByRole('banner');
    await expect(header).toContainText('Praxis Dr. Sommer');
    const logo = header.locator('img');
    await expect(logo).toHaveAttribute('src', `${portal.url}/favicon.svg`);
    // Loaded, so the provider's Content-Security-Policy allows the portal's origin for images.
    await expect
      .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    expect(refused).toEqual([]);
  });
});

test.describe('without PORTAL_NAME', () => {
  test('the provider pages name the portal in their language', async ({ page, portal }) => {
    await openProviderSignIn(page, portal, { ui_locales: 'de' });
    await expect(page).toHaveTitle('Anmelden – Praxisportal');
    await expect(page.getByRole('banner')).toContainText('Praxisportal');
    await expect(page.getByRole('banner').locator('img')).toHaveCount(0);
    await openProviderSignIn(page, portal, { ui_locales: 'en' });
    await expect(page).toHaveTitle('Sign in – Practice Portal');
  });
});
