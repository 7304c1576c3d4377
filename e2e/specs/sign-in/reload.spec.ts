import type { Page, Request } from '@playwright/test';
import { DEMO_USERS } from '../../support/demo-users.ts';
import { expect, test } from '../../support/fixtures.ts';
import { customerDataLoaded, expectSignedInAs, signIn } from '../../support/sign-in.ts';

const ben = DEMO_USERS[1];

/** Authorization requests to the provider, by whether the page itself or a frame made them. */
function recordAuthorizeRequests(page: Page, issuer: string) {
  const seen = { topLevel: [] as URL[], framed: [] as URL[] };
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (url.origin !== issuer || url.pathname !== '/auth' || !request.isNavigationRequest()) return;
    (request.frame() === page.mainFrame() ? seen.topLevel : seen.framed).push(url);
  });
  return seen;
}

test('a reload stays signed in: a hidden frame renews the session on the portal’s site', async ({
  page,
  portal,
}) => {
  const deepLink = `${portal.url}/info?tab=1#top`;
  await page.goto(deepLink);
  await signIn(page, ben.email);

  const authorize = recordAuthorizeRequests(page, portal.issuer);
  const loaded = customerDataLoaded(page);
  await page.reload();
  await loaded;

  await expect(page).toHaveURL(deepLink);
  await expectSignedInAs(page, ben.name);
  expect(authorize.topLevel).toEqual([]);
  expect(authorize.framed.map((url) => url.searchParams.get('prompt'))).toEqual(['none']);
});

test.describe('with the provider on another site', () => {
  // A portal of this worker's own whose provider is reached as 127.0.0.1, on the built-in store.
  test.use({ portalScope: 'worker', providerHost: '127.0.0.1', recordStore: 'builtin' });

  test('a reload stays signed in with the provider on another site (top-level prompt=none)', async ({
    page,
    portal,
  }) => {
    expect(new URL(portal.issuer).hostname).toBe('127.0.0.1');
    expect(new URL(portal.url).hostname).toBe('localhost');
    const deepLink = `${portal.url}/info?tab=1#top`;
    await page.goto(deepLink);
    await signIn(page, ben.email);
    await expect(page).toHaveURL(deepLink);

    const authorize = recordAuthorizeRequests(page, portal.issuer);
    const loaded = customerDataLoaded(page);
    await page.reload();
    await loaded;

    await expect(page).toHaveURL(deepLink);
    await expectSignedInAs(page, ben.name);
    // The frame cannot see the provider's cookie across sites; one top-level check can.
    expect(authorize.framed.map((url) => url.searchParams.get('prompt'))).toEqual(['none']);
    expect(authorize.topLevel.map((url) => url.searchParams.get('prompt'))).toEqual(['none']);
  });
});
