import type { Page } from '@playwright/test';
import { DEMO_USERS } from '../../support/demo-users.ts';
import { expect, test } from '../../support/fixtures.ts';
import { customerDataLoaded, signIn } from '../../support/sign-in.ts';
import { heading } from './shell.ts';

const clara = DEMO_USERS[2];
const STARTUP_CALLS = [
  'Customer/GetCustomerData',
  'Utility/EmailProhibitedAlias',
  'Customer/GetPicklists',
] as const;
type StartupCall = (typeof STARTUP_CALLS)[number];

/** Every api call answers a second late; the log says when each startup call left and answered. */
async function slowApi(page: Page) {
  return observedApi(page, () => new Promise((resolve) => setTimeout(resolve, 1_000)));
}

/**
 * Each startup call is held until the test lets it through, so the test sees every state in
 * between however slowly the browser renders (a fixed delay let a loaded CI machine's Chromium
 * show the navigation only after the customer had answered).
 */
async function heldApi(page: Page) {
  const gates = new Map<StartupCall, () => void>();
  const opened = new Map<StartupCall, Promise<void>>(
    STARTUP_CALLS.map((call) => [call, new Promise<void>((resolve) => gates.set(call, resolve))]),
  );
  const api = await observedApi(page, (call) => opened.get(call!) ?? Promise.resolve());
  const release = (call: StartupCall) => gates.get(call)!();
  return { ...api, release };
}

/** Routes every api call through `hold` and logs when each startup call left and answered. */
async function observedApi(page: Page, hold: (call: StartupCall | undefined) => Promise<unknown>) {
  const log: string[] = [];
  const callOf = (url: string) =>
    STARTUP_CALLS.find((call) => new URL(url).pathname === `/api/v1/${call}`);
  page.on('request', (request) => {
    const call = callOf(request.url());
    if (call) log.push(`${call} asked`);
  });
  page.on('response', (response) => {
    const call = callOf(response.url());
    if (call) log.push(`${call} answered`);
  });
  await page.route('**/api/v1/**', async (route) => {
    await hold(callOf(route.request().url()));
    await route.continue();
  });
  const answered = (call: StartupCall) => log.includes(`${call} answered`);
  return { log, answered };
}

test('with a slow api the frame shows at once and the greeting as soon as the customer is there, in the specification’s order of calls', async ({
  page,
  portal,
}) => {
  await page.goto(`${portal.url}/dashboard`);
  await signIn(page, clara.email);
  await expect(heading(page)).toHaveText(/^Guten Tag/);
  const api = await heldApi(page);

  const loaded = customerDataLoaded(page);
  await page.reload();

  // The frame, while the customer's data is still on its way: header and a navigation to come.
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Zum Inhalt springen' })).toBeAttached();
  const navigation = page.getByRole('navigation', { name: 'Hauptnavigation' });
  await expect(navigation).toBeVisible();
  await expect(navigation).toHaveAttribute('aria-busy', 'true');
  await expect.poll(() => api.log).toEqual(['Customer/GetCustomerData asked']);

  // The greeting and the navigation come with the customer, before the picklists answer.
  api.release('Customer/GetCustomerData');
  await loaded;
  await expect(heading(page)).toHaveText('Guten Tag, Frau Wolf');
  await expect(navigation.getByRole('link', { name: 'Übersicht' })).toBeVisible();
  await expect(navigation).not.toHaveAttribute('aria-busy');
  api.release('Utility/EmailProhibitedAlias');
  await expect.poll(() => api.log).toContain('Customer/GetPicklists asked');
  expect(api.answered('Customer/GetPicklists')).toBe(false);

  // The calls keep their order, each after the one before has answered.
  api.release('Customer/GetPicklists');
  await expect.poll(() => api.answered('Customer/GetPicklists'), { timeout: 10_000 }).toBe(true);
  expect(api.log).toEqual(STARTUP_CALLS.flatMap((call) => [`${call} asked`, `${call} answered`]));
});

test('with a slow api a screen that reads the picklists waits for the whole startup, in order', async ({
  page,
  portal,
}) => {
  await page.goto(`${portal.url}/dashboard`);
  await signIn(page, clara.email);
  await expect(heading(page)).toHaveText(/^Guten Tag/);
  const api = await slowApi(page);

  await page.goto(`${portal.url}/newsletter`);

  await expect(page.getByRole('banner')).toBeVisible();
  await expect(heading(page)).toHaveText('Newsletter', { timeout: 15_000 });
  expect(api.log.slice(0, 6)).toEqual(
    STARTUP_CALLS.flatMap((call) => [`${call} asked`, `${call} answered`]),
  );
});
