import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../../support/fixtures.ts';
import { usePortalLanguage } from '../../support/language.ts';
import {
  awayFromStepEdge,
  LONG_LOCATION,
  longPractice,
  overflowAtWidths,
  setUpAuthenticator,
  totpCode,
  WIDTHS,
} from '../../support/long-data.ts';
import { locationForm } from '../../support/location-pages.ts';
import { inviteForm } from '../../support/employee-pages.ts';
import { customerDataLoaded, signIn, signOut, submitCredentials } from '../../support/sign-in.ts';

// No page scrolls sideways (issue 43): every screen of the portal and of the embedded provider,
// in German and English, at 360, 768 and 1280 px, with real-length data: the longest addresses,
// a practice and a location with long names, and people with every badge of the staff list
// (second factor, admin, invited, no location). One browser per language; the viewport is
// resized instead of signing in again.

// A worker's own portal: the test's one wrong password counts for the browser's address
// (decision 0051) and would slow down the sign-ins of the shared portal's specs.
test.use({ portalScope: 'worker' });

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

for (const language of ['de', 'en'] as const) {
  test(`no screen scrolls sideways at ${WIDTHS.join(', ')} px with long data (${language})`, async ({
    page,
    portal,
    createUser,
  }) => {
    test.setTimeout(240_000);
    const { owner, admin, invitee } = await longPractice(createUser);
    const overflow: Record<string, Record<number, number>> = {};
    const measure = async (screen: string) => {
      overflow[screen] = await overflowAtWidths(page);
      await page.setViewportSize({ width: 1280, height: 900 });
    };
    await page.setViewportSize({ width: 1280, height: 900 });
    await usePortalLanguage(page, portal.url, language);

    // The provider's sign-in page, a wrong password's message, then the portal.
    await page.goto(`${portal.url}/dashboard`);
    await expect(page.locator('input[autocomplete="current-password"]')).toBeVisible();
    await measure('provider: sign-in');
    await submitCredentials(page, owner.email, `${owner.password}-wrong`);
    await expect(page.getByRole('alert')).toBeVisible();
    await measure('provider: sign-in, wrong password');
    await signIn(page, owner.email, owner.password);

    // A second factor for the owner: their badge, the security page's recovery codes.
    const secret = await setUpAuthenticator(page, portal, language, measure);
    const codesLoaded = customerDataLoaded(page);
    await page.goto(`${portal.url}/dashboard`);
    await codesLoaded;

    // A location with a long name, and an invitation to a long address.
    await page.goto(`${portal.url}/my-practice/location-overview/add`);
    const location = locationForm(page);
    await location.name.fill(LONG_LOCATION);
    await location.street.fill('Kaiser-Friedrich-Straße 123a');
    await location.postalCode.fill('10585');
    await location.city.fill('Berlin');
    await location.create.click();
    await expect(page.getByRole('heading', { name: LONG_LOCATION })).toBeVisible();
    await page.goto(`${portal.url}/my-practice/employees-overview/add`);
    await inviteForm(page).email.fill(invitee);
    await inviteForm(page).submit.click();
    await expect(
      page.getByText(
        language === 'de' ? 'Die Einladung wurde gesendet.' : 'The invitation has been sent.',
      ),
    ).toBeVisible();

    // Signing in again: the code's page, the recovery code's page, one more entry of the history.
    await signOut(page);
    await submitCredentials(page, owner.email, owner.password);
    const code = page.locator('input[autocomplete="one-time-code"]');
    await expect(code).toBeVisible();
    await measure('provider: code');
    await awayFromStepEdge(page);
    const loaded = customerDataLoaded(page);
    await code.fill(totpCode(secret, 1));
    await page.keyboard.press('Enter');
    await loaded;

    // Every screen of the portal.
    const screens: [string, string, (page: Page) => Locator][] = [
      ['/dashboard', 'dashboard', heading],
      ['/info', 'profile', heading],
      ['/security', 'security', (p) => p.getByRole('table')],
      ['/newsletter', 'newsletter', heading],
      ['/unauthorized', 'unauthorized', heading],
      ['/verify', 'verify', heading],
      ['/my-practice', 'my practice', heading],
      ['/my-practice/new-practice', 'new practice', heading],
      ['/my-practice/new-practice/add', 'add practice', heading],
      ['/my-practice/information-practice', 'practice data', heading],
      [
        '/my-practice/employees-overview',
        'staff list',
        (p) => p.getByRole('link', { name: invitee }),
      ],
      ['/my-practice/employees-overview/add', 'invite', heading],
      [
        `/my-practice/employees-overview/information-employee?customerId=${admin.customerId}`,
        'person',
        (p) => p.getByText(admin.email).first(),
      ],
      [
        '/my-practice/location-overview',
        'locations',
        (p) => p.getByRole('heading', { name: LONG_LOCATION }),
      ],
      ['/my-practice/location-overview/add', 'add location', heading],
      ['/my-practice/activity', 'activity log', heading],
    ];
    for (const [path, name, ready] of screens) {
      await page.goto(`${portal.url}${path}`);
      await expect(ready(page).first()).toBeVisible();
      await measure(name);
      if (path === '/my-practice/location-overview') {
        await page.getByRole('link', { name: LONG_LOCATION }).first().click();
        await expect(page.getByRole('textbox').first()).toBeVisible();
        await measure('location data');
      }
    }

    // The provider's pages outside a sign-in.
    for (const path of ['/register', '/forgot-password']) {
      await page.goto(`${portal.issuer}${path}?lang=${language}`);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await measure(`provider: ${path.slice(1)}`);
    }

    await test.info().attach('sideways overflow (px)', {
      body: JSON.stringify(overflow, null, 2),
      contentType: 'application/json',
    });
    console.log(`sideways overflow (${language}, px): ${JSON.stringify(overflow)}`);
    const scrolling = Object.entries(overflow).flatMap(([screen, widths]) =>
      Object.entries(widths)
        .filter(([, px]) => px > 0)
        .map(([width, px]) => `${screen} at ${width} px: ${px} px`),
    );
    expect(scrolling).toEqual([]);
  });
}
