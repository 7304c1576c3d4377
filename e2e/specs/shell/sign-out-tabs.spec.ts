import type { BrowserContext, Page } from '@playwright/test';
import { DEMO_USERS } from '../../support/demo-users.ts';
import { expect, test } from '../../support/fixtures.ts';
import { lastSignInRequest, recordSignInRequests } from '../../support/session-tabs.ts';
import { signIn, signInForm, signOut } from '../../support/sign-in.ts';
import { heading, open } from './shell.ts';
import { withIdleTimeout } from '../../support/idle-timeout.ts';

const clara = DEMO_USERS[2];
const GREETING = /Wolf/;

/** Clara signed in on `page`, and a second tab of the same browser on her dashboard. */
async function signedInInTwoTabs(context: BrowserContext, page: Page, portalUrl: string) {
  await page.goto(`${portalUrl}/dashboard`);
  await signIn(page, clara.email);
  await expect(heading(page)).toHaveText(GREETING);
  const other = await context.newPage();
  await open(other, `${portalUrl}/dashboard`);
  await expect(heading(other)).toHaveText(GREETING);
  return other;
}

// Tabs of one browser share the provider session (one Playwright context, two pages). A sign-out
// in one tab must reach the others at once: a reception computer's other tab must not go on
// showing the person's data.

test('signing out in one tab signs out the other tab within 2 s', async ({
  context,
  page,
  portal,
}) => {
  const other = await signedInInTwoTabs(context, page, portal.url);
  const otherSignIns = recordSignInRequests(other, portal.issuer);

  await signOut(page);

  // The other tab drops the person's data at once …
  await expect(other.getByText(GREETING)).toHaveCount(0, { timeout: 2_000 });
  // … and goes to the sign-in page, which says why, once the provider has ended the session (a
  // request of its own in the middle made the sign-out fail now and then: 400, session alive).
  await expect(signInForm(other).password).toBeVisible();
  expect(other.url().startsWith(portal.issuer)).toBe(true);
  const request = await lastSignInRequest(otherSignIns);
  expect(request.searchParams.get('pp_notice')).toBe('signed-out');
  expect(request.searchParams.get('prompt')).toBe('login');
  await expect(signInForm(page).password).toBeVisible();

  // Nobody is signed in any more: a new tab asks for the password.
  const third = await context.newPage();
  await third.goto(`${portal.url}/dashboard`);
  await expect(signInForm(third).password).toBeVisible();
});

test('the idle sign-out of one tab signs out the other tab within 2 s', async ({
  context,
  page,
  portal,
}) => {
  // This tab's deployment setting is IDLE_TIMEOUT_MINUTES=1, the other tab's the default 30.
  await withIdleTimeout(page, 1);
  await context.clock.install();
  const other = await signedInInTwoTabs(context, page, portal.url);
  const otherSignIns = recordSignInRequests(other, portal.issuer);

  await context.clock.fastForward('01:01');

  await expect(other.getByText(GREETING)).toHaveCount(0, { timeout: 2_000 });
  await expect(signInForm(other).password).toBeVisible();
  const request = await lastSignInRequest(otherSignIns);
  expect(request.searchParams.get('pp_notice')).toBe('idle');
});

test('a tab the sign-out did not reach notices at its next token renewal', async ({
  browser,
  context,
  page,
  portal,
}) => {
  // A second browser context holding the same provider cookie: the provider session is shared,
  // the tabs' channel is not (as for a tab that missed the message). Its clock is its own.
  await page.goto(`${portal.url}/dashboard`);
  await signIn(page, clara.email);
  const elsewhere = await browser.newContext({
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    storageState: await context.storageState(),
  });
  await elsewhere.clock.install();
  const other = await elsewhere.newPage();
  await open(other, `${portal.url}/dashboard`);
  await expect(heading(other)).toHaveText(GREETING);
  const otherSignIns = recordSignInRequests(other, portal.issuer);

  await signOut(page);
  await expect(signInForm(page).password).toBeVisible();
  // Unreached, the tab still shows the data: its access token is valid (≤ 10 minutes) and the
  // api checks it without asking the provider, so only the renewal can notice …
  await expect(heading(other)).toHaveText(GREETING);

  // … which is due a minute before the access token expires: the provider refuses it.
  await elsewhere.clock.fastForward('09:05');
  await expect(signInForm(other).password).toBeVisible();
  await expect(other.getByText(GREETING)).toHaveCount(0);
  const request = await lastSignInRequest(otherSignIns);
  expect(request.searchParams.get('pp_notice')).toBe('signed-out');
  await elsewhere.close();
});
