import type { Page } from '@playwright/test';
import { DEMO_USERS } from '../../support/demo-users.ts';
import { expect, test } from '../../support/fixtures.ts';
import { customerDataLoaded, signIn } from '../../support/sign-in.ts';
import { heading, open, REFUSED_NOTICE_DE, ROUTE_HEADINGS_DE, switchPractice } from './shell.ts';

const [anna, ben, clara] = DEMO_USERS;

// docs/specification.md §2: the member list, and what an admin has in addition.
const MEMBER_ROUTES = [
  '/dashboard',
  '/info',
  '/newsletter',
  '/unauthorized',
  '/verify',
  '/my-practice',
  '/my-practice/new-practice',
  '/my-practice/new-practice/add',
  '/my-practice/location-overview',
] as const;
const ADMIN_ONLY_ROUTES = [
  '/my-practice/information-practice',
  '/my-practice/location-overview/add',
  '/my-practice/location-overview/information-location',
  '/my-practice/employees-overview',
  '/my-practice/employees-overview/add',
  '/my-practice/employees-overview/information-employee',
  '/my-practice/activity',
] as const;

async function expectAllowed(
  page: Page,
  path: (typeof MEMBER_ROUTES)[number] | (typeof ADMIN_ONLY_ROUTES)[number],
) {
  await expect(page).toHaveURL((url) => url.pathname === path);
  if (path === '/dashboard') await expect(heading(page)).toHaveText(/^Guten Tag/);
  else await expect(heading(page)).toHaveText(ROUTE_HEADINGS_DE[path]);
  await expect(page.getByText(REFUSED_NOTICE_DE)).toHaveCount(0);
}

async function expectRefused(page: Page) {
  await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
  await expect(page.getByRole('alert').filter({ hasText: REFUSED_NOTICE_DE })).toBeVisible();
  await expect(heading(page)).toHaveText(/^Guten Tag/);
}

async function visitAll(page: Page, origin: string, adminRoutes: 'allowed' | 'refused') {
  await open(page, `${origin}/`);
  await expect(page).toHaveURL(`${origin}/dashboard`);
  for (const path of MEMBER_ROUTES) {
    await open(page, `${origin}${path}?from=e2e#top`);
    await expectAllowed(page, path);
  }
  for (const path of ADMIN_ONLY_ROUTES) {
    await open(page, `${origin}${path}`);
    if (adminRoutes === 'allowed') await expectAllowed(page, path);
    else await expectRefused(page);
  }
}

test.describe('URL access check on all 17 routes', () => {
  test.describe.configure({ timeout: 120_000 });

  test('clara.wolf (member) opens the member routes and is refused the admin routes', async ({
    page,
    portal,
  }) => {
    await page.goto(portal.url);
    await signIn(page, clara.email);
    await visitAll(page, portal.url, 'refused');
  });

  test('ben.krause (admin) opens every route', async ({ page, portal }) => {
    await page.goto(portal.url);
    await signIn(page, ben.email);
    await visitAll(page, portal.url, 'allowed');
  });

  test('anna.sommer loses the admin routes while "Praxis am Markt" is active', async ({
    page,
    portal,
  }) => {
    await page.goto(`${portal.url}/my-practice/employees-overview`);
    await signIn(page, anna.email);
    await expectAllowed(page, '/my-practice/employees-overview');

    await switchPractice(page, 'Praxis am Markt');
    // A switch is the user's own choice: the dashboard names the practice now active (issue 12).
    await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: 'Sie arbeiten jetzt in der Praxis „Praxis am Markt“' }),
    ).toBeVisible();
    await expect(page.getByText(/Ihre Rolle: Mitglied/)).toBeVisible();

    // The switch lasts for the tab, across reloads.
    for (const path of ADMIN_ONLY_ROUTES) {
      await open(page, `${portal.url}${path}`);
      await expectRefused(page);
    }
    await open(page, `${portal.url}/my-practice/location-overview`);
    await expectAllowed(page, '/my-practice/location-overview');

    await switchPractice(page, 'Zahnarztpraxis Dr. Sommer');
    await open(page, `${portal.url}/my-practice/information-practice`);
    await expectAllowed(page, '/my-practice/information-practice');
  });
});

test('the refused notice shows once: reloading the dashboard does not bring it back', async ({
  page,
  portal,
}) => {
  await page.goto(`${portal.url}/my-practice/employees-overview`);
  await signIn(page, clara.email);
  await expectRefused(page);

  const loaded = customerDataLoaded(page);
  await page.reload();
  await loaded;
  await expect(heading(page)).toHaveText('Guten Tag, Frau Wolf');
  await expect(page).toHaveURL(`${portal.url}/dashboard`);
  await expect(page.getByText(REFUSED_NOTICE_DE)).toHaveCount(0);
});

test('a protected deep link with query and hash returns to itself after sign-in and shows its screen', async ({
  page,
  portal,
}) => {
  const deepLink = `${portal.url}/my-practice/location-overview?sort=name&q=token#list`;
  await page.goto(deepLink);
  await expect(page).toHaveURL((url) => url.origin === portal.issuer);

  await signIn(page, clara.email);

  await expect(page).toHaveURL(deepLink);
  await expect(heading(page)).toHaveText('Standorte');
});

test('an unknown path shows the not-found page', async ({ page, portal }) => {
  await page.goto(`${portal.url}/my-practice/nothing-here`);
  await signIn(page, clara.email);
  await expect(heading(page)).toHaveText('Seite nicht gefunden');
  await expect(page).toHaveURL(`${portal.url}/my-practice/nothing-here`);
  await page.getByRole('link', { name: 'Zur Übersicht' }).click();
  await expect(heading(page)).toHaveText('Guten Tag, Frau Wolf');
});
