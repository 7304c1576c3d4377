import { expect, test } from '../../support/fixtures.ts';
import { openProviderSignIn } from '../../support/provider-look-pages.ts';

test('the sign-in page switches to English and back, keeping the typed address', async ({
  page,
  portal,
}) => {
  await openProviderSignIn(page, portal, { ui_locales: 'de', pp_notice: 'idle' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.locator('input[autocomplete="username"]').fill('anna.sommer@example.com');

  const toEnglish = page.getByRole('navigation', { name: 'Sprache' }).getByRole('button', {
    name: 'English',
  });
  await toEnglish.focus();
  await page.keyboard.press('Enter');

  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
  await expect(page.locator('input[autocomplete="username"]')).toHaveValue(
    'anna.sommer@example.com',
  );
  await expect(page.getByRole('status')).toHaveText('You have been signed out due to inactivity.');

  // The choice holds for the interaction: a wrong password answers in English.
  await page.locator('input[autocomplete="current-password"]').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('The e-mail address or the password');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page
    .getByRole('navigation', { name: 'Language' })
    .getByRole('button', {
      name: 'Deutsch',
    })
    .click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Anmelden');
});

test('the registration and forgotten-password pages switch language by a link', async ({
  page,
  portal,
}) => {
  await page.goto(`${portal.issuer}/register?lang=de`);
  await page
    .getByRole('navigation', { name: 'Sprache' })
    .getByRole('link', {
      name: 'English',
    })
    .click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Register');

  await page.goto(`${portal.issuer}/forgot-password?lang=en`);
  await page
    .getByRole('navigation', { name: 'Language' })
    .getByRole('link', {
      name: 'Deutsch',
    })
    .click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
});
