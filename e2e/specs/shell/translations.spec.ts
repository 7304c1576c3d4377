import type { Page } from '@playwright/test';
import { DEMO_USERS } from '../../support/demo-users.ts';
import { expect, test } from '../../support/fixtures.ts';
import { usePortalLanguage } from '../../support/language.ts';
import { customerDataLoaded, signIn } from '../../support/sign-in.ts';
import { GET_ERROR_DE, heading } from './shell.ts';
import { expectToast } from '../../support/toasts.ts';

const clara = DEMO_USERS[2];
const ENGLISH_FILE = '**/assets/i18n/en.json';
const GERMAN_FILE = '**/assets/i18n/de.json';

const failing = (page: Page, file: string) =>
  page.route(file, (route) => route.fulfill({ status: 503, body: '' }));

/** No translation key (`NAV.DASHBOARD`, `LANGUAGE.EN`) shows anywhere on the page. */
async function expectNoKeys(page: Page) {
  await expect(page.locator('body')).not.toContainText(/\b[A-Z][A-Z_]+\.[A-Z][A-Z_.]+\b/);
}

// A user of its own: the switch at the end saves English as the preferred language, which a
// demo user's next sign-in in a fresh browser would show (issue 22, point 11).
test('a language switch whose texts fail to load keeps German, says so and is not remembered', async ({
  page,
  portal,
  createUser,
}) => {
  const user = await createUser();
  await page.goto(`${portal.url}/dashboard`);
  await signIn(page, user.email, user.password);
  await expect(heading(page)).toHaveText(/^Guten Tag/);
  await failing(page, ENGLISH_FILE);

  await page.getByRole('button', { name: 'English' }).click();

  await expectToast(page, GET_ERROR_DE, 'alert');
  await expect(heading(page)).toHaveText(/^Guten Tag/);
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'English' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expectNoKeys(page);
  expect(await page.evaluate(() => window.localStorage.getItem('pp.language'))).not.toBe('en');

  // Not remembered: a reload is German again.
  const loaded = customerDataLoaded(page);
  await page.reload();
  await loaded;
  await expect(heading(page)).toHaveText(/^Guten Tag/);
  await expectNoKeys(page);

  // Once the file loads again, the switch works.
  await page.unrouteAll();
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect(await page.evaluate(() => window.localStorage.getItem('pp.language'))).toBe('en');
});

test('German texts that fail to load at the start come from the copy built into the app', async ({
  page,
  portal,
}) => {
  await failing(page, GERMAN_FILE);
  await page.goto(`${portal.url}/dashboard`);
  await signIn(page, clara.email);

  await expect(heading(page)).toHaveText(/^Guten Tag/);
  await expect(
    page
      .getByRole('navigation', { name: 'Hauptnavigation' })
      .getByRole('link', { name: 'Übersicht' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'English' })).toBeVisible();
  await expectNoKeys(page);
});

test('English texts that fail to load at the start of an English visit come from the built-in copy', async ({
  page,
  portal,
}) => {
  await usePortalLanguage(page, portal.url, 'en');
  await failing(page, ENGLISH_FILE);
  await page.goto(`${portal.url}/dashboard`);
  await signIn(page, clara.email);

  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Deutsch' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expectNoKeys(page);
});
