import { DEMO_USERS } from '../../support/demo-users.ts';
import { expect, test } from '../../support/fixtures.ts';
import { customerDataLoaded, signIn } from '../../support/sign-in.ts';
import { GET_ERROR_DE, heading } from './shell.ts';

const clara = DEMO_USERS[2];
const CUSTOMER_DATA = '**/api/v1/Customer/GetCustomerData';

test('the spinner shows during a slowed api call and disappears after it', async ({
  page,
  portal,
}) => {
  await page.goto(`${portal.url}/dashboard`);
  await signIn(page, clara.email);
  await expect(heading(page)).toBeVisible();
  const spinner = page.getByRole('status').filter({ hasText: 'Wird geladen …' });
  await expect(spinner).toHaveCount(0);

  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(CUSTOMER_DATA, async (route) => {
    await released;
    await route.continue();
  });
  const loaded = customerDataLoaded(page);
  await page.reload();

  await expect(spinner).toBeVisible();
  await page.waitForTimeout(500);
  await expect(spinner).toBeVisible();
  release();
  await loaded;
  await expect(heading(page)).toHaveText('Guten Tag, Frau Wolf');
  await expect(spinner).toHaveCount(0);
});

test('a failing customer load shows GET_ERROR for 2000 ms and lands on /unauthorized', async ({
  page,
  portal,
}) => {
  await page.goto(`${portal.url}/newsletter?tab=1#consent`);
  await signIn(page, clara.email);
  await expect(heading(page)).toHaveText('Newsletter');

  await page.route(CUSTOMER_DATA, (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/problem+json',
      body: JSON.stringify({
        type: 'about:blank',
        title: 'Error',
        status: 500,
        code: 'internal_error',
      }),
    }),
  );
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  // The toast's lifetime is measured in the page (Playwright's polling would add its own delays).
  await page.addInitScript((text) => {
    const times: { shown?: number; hidden?: number } = {};
    Object.assign(window, { toastTimes: times });
    new MutationObserver(() => {
      const visible = [...document.querySelectorAll('[role="alert"]')].some((element) =>
        element.textContent?.includes(text),
      );
      if (visible && times.shown === undefined) times.shown = performance.now();
      if (!visible && times.shown !== undefined && times.hidden === undefined) {
        times.hidden = performance.now();
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  }, GET_ERROR_DE);
  await page.reload();

  const toast = page.getByRole('alert').filter({ hasText: GET_ERROR_DE });
  await expect(toast).toBeVisible();
  await expect(page).toHaveURL(`${portal.url}/unauthorized`);
  await expect(heading(page)).toHaveText('Ihre Daten konnten nicht geladen werden');
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toHaveCount(0);
  await expect(toast).toBeHidden({ timeout: 4_000 });
  const times = await page.evaluate(
    () => (window as unknown as { toastTimes: { shown: number; hidden: number } }).toastTimes,
  );
  const shownFor = times.hidden - times.shown;
  // About 2000 ms (the exact duration is a unit test of the toasts); a loaded machine only
  // shifts when the page notices the toast, not what it is told to do.
  expect(shownFor).toBeGreaterThan(1_500);
  expect(shownFor).toBeLessThan(3_000);
  // Startup failures are logged to the console, and nothing else is.
  expect(consoleErrors.some((text) => /customer data could not be loaded/.test(text))).toBe(true);
  expect(
    consoleErrors.filter((text) => !/status of 500|customer data could not be loaded/.test(text)),
  ).toEqual([]);

  await page.unroute(CUSTOMER_DATA);
  await page.getByRole('button', { name: 'Erneut versuchen' }).click();
  await expect(page).toHaveURL(`${portal.url}/newsletter?tab=1#consent`);
  await expect(heading(page)).toHaveText('Newsletter');
});

test('a start fetches /app-config.json once: sign-in and the app share it', async ({
  page,
  portal,
}) => {
  await page.goto(`${portal.url}/dashboard`);
  await signIn(page, clara.email);
  await expect(heading(page)).toHaveText('Guten Tag, Frau Wolf');

  const configRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/app-config.json') configRequests.push(request.url());
  });
  const loaded = customerDataLoaded(page);
  await page.reload();
  await loaded;
  await expect(heading(page)).toHaveText('Guten Tag, Frau Wolf');
  await page.waitForLoadState('networkidle');

  expect(configRequests).toHaveLength(1);
});

test('the unauthorized page offers to sign out', async ({ page, portal }) => {
  await page.goto(portal.url);
  await signIn(page, clara.email);
  await page.route(CUSTOMER_DATA, (route) => route.fulfill({ status: 503, body: '' }));
  await page.reload();
  await expect(heading(page)).toHaveText('Ihre Daten konnten nicht geladen werden');

  await page.getByRole('main').getByRole('button', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL((url) => url.origin === portal.issuer);
});
