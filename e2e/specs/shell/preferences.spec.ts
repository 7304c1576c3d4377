import type { Page } from '@playwright/test';
import { DEMO_USERS } from '../../support/demo-users.ts';
import { expect, test } from '../../support/fixtures.ts';
import { customerDataLoaded, signIn } from '../../support/sign-in.ts';
import { heading } from './shell.ts';

const clara = DEMO_USERS[2];

// A user of its own: the switch saves the preferred language, which the demo users keep.
test('the language switch changes the texts and <html lang>, and survives a reload', async ({
  page,
  portal,
  createUser,
}) => {
  const user = await createUser();
  await page.goto(`${portal.url}/dashboard`);
  await signIn(page, user.email, user.password);
  await expect(heading(page)).toHaveText(`Guten Tag, ${user.name}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');

  await page.getByRole('button', { name: 'English' }).click();

  await expect(heading(page)).toHaveText(`Hello, ${user.name}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();

  const loaded = customerDataLoaded(page);
  await page.reload();
  await loaded;
  await expect(heading(page)).toHaveText(`Hello, ${user.name}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.getByRole('button', { name: 'Deutsch' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(heading(page)).toHaveText(`Guten Tag, ${user.name}`);
});

const bodyBackground = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);

test('dark mode changes the page background and survives a reload without a flash', async ({
  page,
  portal,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(`${portal.url}/dashboard`);
  await signIn(page, clara.email);
  await expect(heading(page)).toBeVisible();
  const light = await bodyBackground(page);
  expect(light).toBe('rgb(255, 255, 255)');

  await page.getByRole('button', { name: 'Dunkles Design einschalten' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  const dark = await bodyBackground(page);
  expect(dark).not.toBe(light);

  // The scheme is set by a file in <head> before the first paint, while the app still loads.
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      const record = window as unknown as Record<string, unknown>;
      record['schemeBeforeApp'] = document.documentElement.getAttribute(
        'data-mantine-color-scheme',
      );
      record['backgroundBeforeApp'] = getComputedStyle(document.body).backgroundColor;
    });
  });
  const loaded = customerDataLoaded(page);
  await page.reload();
  await loaded;
  expect(
    await page.evaluate(() => (window as unknown as Record<string, unknown>)['schemeBeforeApp']),
  ).toBe('dark');
  expect(
    await page.evaluate(
      () => (window as unknown as Record<string, unknown>)['backgroundBeforeApp'],
    ),
  ).toBe(dark);
  await expect(heading(page)).toBeVisible();
  expect(await bodyBackground(page)).toBe(dark);
  await expect(page.getByRole('button', { name: 'Helles Design einschalten' })).toBeVisible();
});

test('the first visit follows the system colour scheme', async ({ page, portal }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(`${portal.url}/dashboard`);
  await signIn(page, clara.email);
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(page.getByRole('button', { name: 'Helles Design einschalten' })).toBeVisible();
});
