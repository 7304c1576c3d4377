import type { Browser, Page } from '@playwright/test';
import { calls } from '@pp/contract';
import { expect, test, type TestUser } from '../../support/fixtures.ts';
import { signIn } from '../../support/sign-in.ts';
import { heading, open } from './shell.ts';
import { recordToasts } from '../../support/toasts.ts';

// Issue 22, point 11: David saved English and saw German when he signed in on a fresh browser;
// a switch of language did not reach the other open tabs. Users of their own: a switch saves the
// preferred language, which the demo users must keep. The dashboard's accessibility, in both
// languages: accessibility.spec.ts.

const GERMAN = { greeting: /^Guten Tag/, navigation: 'Hauptnavigation', other: 'English' };
const ENGLISH = { greeting: /^(Hello|Good)/, navigation: 'Main navigation', other: 'Deutsch' };

async function expectLanguage(page: Page, texts: typeof GERMAN, lang: 'de' | 'en') {
  await expect(heading(page)).toHaveText(texts.greeting);
  await expect(page.getByRole('navigation', { name: texts.navigation })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

/** Switches with the header's button and waits until the choice is saved with the user's data. */
async function switchAndSave(page: Page, name: string) {
  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith(calls.customerUpdateCustomerData.path) &&
      response.request().method() === calls.customerUpdateCustomerData.method,
  );
  await page.getByRole('button', { name }).click();
  expect((await saved).ok()).toBe(true);
}

/** A browser of its own (nothing in its storage), signed in as `user`. */
async function freshBrowser(
  browser: Browser,
  url: string,
  user: TestUser,
  scheme: 'light' | 'dark',
) {
  const context = await browser.newContext({ colorScheme: scheme });
  await recordToasts(context);
  const page = await context.newPage();
  await page.goto(`${url}/dashboard`);
  await signIn(page, user.email, user.password);
  return { context, page };
}

test('the preferred language saved in one browser is the interface language in a fresh one (de → en → de)', async ({
  browser,
  portal,
  createUser,
}) => {
  const user = await createUser();
  const first = await freshBrowser(browser, portal.url, user, 'light');
  await expectLanguage(first.page, GERMAN, 'de');
  await switchAndSave(first.page, GERMAN.other);
  await first.context.close();

  const second = await freshBrowser(browser, portal.url, user, 'dark');
  await expectLanguage(second.page, ENGLISH, 'en');
  await switchAndSave(second.page, ENGLISH.other);
  await second.context.close();

  const third = await freshBrowser(browser, portal.url, user, 'light');
  await expectLanguage(third.page, GERMAN, 'de');
  await third.context.close();
});

test('a switch of language in one tab reaches the other open tab, both ways', async ({
  context,
  page,
  portal,
  createUser,
}) => {
  const user = await createUser();
  await page.goto(`${portal.url}/dashboard`);
  await signIn(page, user.email, user.password);
  const other = await context.newPage();
  await open(other, `${portal.url}/dashboard`);
  await expectLanguage(other, GERMAN, 'de');

  await switchAndSave(page, GERMAN.other);
  await expectLanguage(other, ENGLISH, 'en');

  await other.getByRole('button', { name: ENGLISH.other }).click();
  await expectLanguage(page, GERMAN, 'de');
});
