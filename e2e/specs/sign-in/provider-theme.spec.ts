import { expect, test } from '../../support/fixtures.ts';
import {
  BACKGROUNDS,
  backgroundOf,
  openProviderSignIn,
} from '../../support/provider-look-pages.ts';

test("the provider's pages take the portal's dark theme and keep it outside the interaction", async ({
  page,
  portal,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await openProviderSignIn(page, portal, { pp_theme: 'dark', ui_locales: 'de' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await backgroundOf(page)).toBe(BACKGROUNDS.dark);

  // Registration and the forgotten password are outside the interaction: the theme stays.
  await page.getByRole('link', { name: 'Registrieren' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Registrieren');
  expect(await backgroundOf(page)).toBe(BACKGROUNDS.dark);
  await page.goto(`${portal.issuer}/forgot-password?lang=de`);
  expect(await backgroundOf(page)).toBe(BACKGROUNDS.dark);
});

test("the portal's light theme wins over a dark system", async ({ page, portal }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await openProviderSignIn(page, portal, { pp_theme: 'light' });
  expect(await backgroundOf(page)).toBe(BACKGROUNDS.light);
  await page.goto(`${portal.issuer}/register?lang=de`);
  expect(await backgroundOf(page)).toBe(BACKGROUNDS.light);
});

test('without a choice, or with an unknown one, the pages follow the system', async ({
  page,
  portal,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await openProviderSignIn(page, portal, { pp_theme: 'purple' });
  await expect(page.locator('html')).not.toHaveAttribute('data-theme', /./);
  expect(await backgroundOf(page)).toBe(BACKGROUNDS.dark);
  await page.emulateMedia({ colorScheme: 'light' });
  expect(await backgroundOf(page)).toBe(BACKGROUNDS.light);
});
