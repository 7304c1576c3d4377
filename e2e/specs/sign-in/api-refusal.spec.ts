import type { Page, Route } from '@playwright/test';
import { DEMO_USERS } from '../../support/demo-users.ts';
import { expect, test } from '../../support/fixtures.ts';
import { customerDataLoaded, expectSignedInAs, signIn } from '../../support/sign-in.ts';

// A live access token cannot be made invalid from outside, so these tests answer the api's
// customer call with the api's own 401 problem in the browser's network layer.

const clara = DEMO_USERS[2];
const CUSTOMER_DATA = '**/api/v1/Customer/GetCustomerData';

function refuse(route: Route) {
  return route.fulfill({
    status: 401,
    contentType: 'application/problem+json',
    body: JSON.stringify({
      type: 'urn:practice-portal:problem:unauthenticated',
      title: 'A valid access token is required',
      status: 401,
      code: 'unauthenticated',
    }),
  });
}

/**
 * The top-level sign-ins at the provider, one per `state`: seen as the page's navigation to the
 * provider's `/auth` or as its return to the portal with a code. Both are looked for because,
 * with a route in place, Playwright may report only the end of a redirect chain (a CI run saw
 * the return without the `/auth` before it).
 */
function countTopLevelSignIns(page: Page, issuer: string, portalUrl: string) {
  const seen = new Set<string>();
  page.on('request', (request) => {
    if (!request.isNavigationRequest() || request.frame() !== page.mainFrame()) return;
    const url = new URL(request.url());
    const state = url.searchParams.get('state');
    if (state === null) return;
    const toProvider = url.origin === issuer && url.pathname === '/auth';
    const backWithCode = url.origin === portalUrl && url.searchParams.has('code');
    if (toProvider || backWithCode) seen.add(state);
  });
  return seen;
}

test('a 401 from the api signs in again and returns to the same page', async ({ page, portal }) => {
  const deepLink = `${portal.url}/info?tab=2#name`;
  await page.goto(deepLink);
  await signIn(page, clara.email);

  await page.route(CUSTOMER_DATA, refuse, { times: 1 });
  const signIns = countTopLevelSignIns(page, portal.issuer, portal.url);
  // Only data loaded after the new sign-in counts: a request of the page before the reload may
  // still answer 200 while the reload is on its way.
  const loaded = customerDataLoaded(page, () => signIns.size > 0);
  await page.reload();
  await loaded;

  expect(signIns.size).toBe(1);
  await expect(page).toHaveURL(deepLink);
  await expectSignedInAs(page, clara.name);
});

test('an api that keeps refusing ends on the failure screen, not in a loop', async ({
  page,
  portal,
}) => {
  await page.goto(portal.url);
  await signIn(page, clara.email);

  await page.route(CUSTOMER_DATA, refuse);
  const signIns = countTopLevelSignIns(page, portal.issuer, portal.url);
  await page.reload();

  await expect(page.getByRole('alert')).toHaveText(
    'Die Anmeldung ist nicht gelungen. Bitte versuchen Sie es erneut.',
  );
  await expect(page.getByRole('button', { name: 'Erneut anmelden' })).toBeVisible();
  expect(signIns.size).toBe(1);
});
