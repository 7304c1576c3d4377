import type { Page } from '@playwright/test';
import { expect, test } from '../../support/fixtures.ts';
import { customerDataLoaded, signIn } from '../../support/sign-in.ts';
import { heading, switchPractice } from './shell.ts';

// docs/product.md §2: the only browser storage is the theme, the language and the tab's active
// practice (besides the sign-in request's state, gone after the callback).
const LOCAL_KEYS = ['pp.color-scheme', 'pp.language'];
const SESSION_KEYS = ['pp.active-practice'];

async function storageKeys(page: Page) {
  return page.evaluate(() => ({
    local: Object.keys(window.localStorage).sort(),
    session: Object.keys(window.sessionStorage).sort(),
    values: [...Object.values(window.localStorage), ...Object.values(window.sessionStorage)],
  }));
}

// A user of its own with two practices: the switch of language saves the preferred language,
// which the demo users keep (issue 22, point 11).
test('web storage holds only the theme, language and active-practice keys, and no token', async ({
  page,
  portal,
  createUser,
}) => {
  const user = await createUser({
    practices: [{ name: 'Praxis Speicher Eins' }, { name: 'Praxis Speicher Zwei' }],
  });
  await page.goto(`${portal.url}/dashboard`);
  await signIn(page, user.email, user.password);
  await expect(heading(page)).toBeVisible();
  let storage = await storageKeys(page);
  expect(storage.local.filter((key) => !LOCAL_KEYS.includes(key))).toEqual([]);
  expect(storage.session.filter((key) => !SESSION_KEYS.includes(key))).toEqual([]);

  await page.getByRole('button', { name: 'English' }).click();
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await switchPractice(page, 'Praxis Speicher Zwei');
  await page.getByRole('main').getByRole('link', { name: 'My profile' }).click();
  await page.goBack();
  const loaded = customerDataLoaded(page);
  await page.reload();
  await loaded;

  storage = await storageKeys(page);
  expect(storage.local).toEqual(LOCAL_KEYS);
  expect(storage.session).toEqual(SESSION_KEYS);
  for (const value of storage.values) expect(value).not.toMatch(/eyJ[\w-]+\.[\w-]+/);
});
