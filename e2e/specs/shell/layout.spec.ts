import { DEMO_USERS } from '../../support/demo-users.ts';
import { expect, test } from '../../support/fixtures.ts';
import { usePortalLanguage } from '../../support/language.ts';
import { signIn } from '../../support/sign-in.ts';
import { heading } from './shell.ts';

const anna = DEMO_USERS[0];

test.describe('on a 360 px wide phone', () => {
  test.use({ viewport: { width: 360, height: 720 } });

  test('nothing overflows and the navigation opens behind the burger', async ({ page, portal }) => {
    await page.goto(`${portal.url}/dashboard`);
    await signIn(page, anna.email);
    await expect(heading(page)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );

    const navigation = page.getByRole('navigation', { name: 'Hauptnavigation' });
    await expect(navigation).toBeHidden();
    await page.getByRole('button', { name: 'Navigation öffnen' }).click();
    await expect(navigation).toBeVisible();
    await navigation.getByRole('link', { name: 'Standorte' }).click();
    await expect(heading(page)).toHaveText('Standorte');
    await expect(navigation).toBeHidden();

    await page.getByRole('button', { name: /^Aktive Praxis: / }).click();
    await expect(page.getByRole('button', { name: /^Praxis am Markt/ })).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
  });
});

const BURGER = {
  de: { open: 'Navigation öffnen', close: 'Navigation schließen', navigation: 'Hauptnavigation' },
  en: { open: 'Open navigation', close: 'Close navigation', navigation: 'Main navigation' },
} as const;

for (const language of ['de', 'en'] as const) {
  test.describe(`on a 360 px wide phone (${language})`, () => {
    test.use({ viewport: { width: 360, height: 720 } });

    test('Escape closes the open navigation and gives the focus back to the burger (issue 22, point 14)', async ({
      page,
      portal,
    }) => {
      const texts = BURGER[language];
      await usePortalLanguage(page, portal.url, language);
      await page.goto(`${portal.url}/dashboard`);
      await signIn(page, anna.email);
      await expect(heading(page)).toBeVisible();
      const navigation = page.getByRole('navigation', { name: texts.navigation });
      const burger = page.getByRole('button', { name: texts.open });
      await burger.focus();
      await page.keyboard.press('Enter');
      await expect(navigation).toBeVisible();
      // The person has moved on into the menu.
      await navigation.getByRole('link').first().focus();

      await page.keyboard.press('Escape');
      await expect(navigation).toBeHidden();
      await expect(page.getByRole('button', { name: texts.open })).toBeFocused();
    });
  });
}

test('the keyboard reaches the content through the skip link, with visible focus', async ({
  page,
  portal,
}) => {
  await page.goto(`${portal.url}/dashboard`);
  await signIn(page, anna.email);
  await expect(heading(page)).toBeVisible();

  await page.keyboard.press('Tab');
  const skipLink = page.getByRole('link', { name: 'Zum Inhalt springen' });
  await expect(skipLink).toBeFocused();
  await expect(skipLink).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();

  await page.keyboard.press('Tab');
  const focused = page.locator(':focus');
  await expect(focused).toHaveText(/.+/);
  const outline = await focused.evaluate((element) => getComputedStyle(element).outlineStyle);
  expect(outline).not.toBe('none');
});

test('the navigation shows the screens of the role; without legal links the footer links only the accessibility statement', async ({
  page,
  portal,
}) => {
  await page.goto(`${portal.url}/dashboard`);
  await signIn(page, anna.email);
  const navigation = page.getByRole('navigation', { name: 'Hauptnavigation' });
  await expect(navigation.getByRole('link')).toHaveText([
    'Übersicht',
    'Mein Profil',
    'Newsletter',
    'Meine Praxis',
    'Praxisdaten',
    'Mitarbeitende',
    'Standorte',
  ]);
  await expect(navigation.getByRole('link', { name: 'Übersicht' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  // The shared portal configures no IMPRINT_URL or PRIVACY_URL (look-brand.spec.ts has both);
  // it runs outside production, so the footer holds placeholders and only the link of the
  // accessibility statement (decision 0080).
  await expect(page.getByRole('contentinfo').getByRole('link')).toHaveText(['Barrierefreiheit']);
});
