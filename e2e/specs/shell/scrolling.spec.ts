import type { Locator, Page } from '@playwright/test';
import { DEMO_USERS } from '../../support/demo-users.ts';
import { expect, test } from '../../support/fixtures.ts';
import { signIn } from '../../support/sign-in.ts';
import { heading } from './shell.ts';

const ben = DEMO_USERS[1];

// A phone-sized window, so the dashboard is taller than the screen.
test.use({ viewport: { width: 360, height: 480 } });

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

/** The scroll position once it has stopped moving: a wheel scrolls smoothly, for a while. */
async function settledScrollY(page: Page): Promise<number> {
  let last = Number.NaN;
  await expect
    .poll(
      async () => {
        const now = await scrollY(page);
        const settled = now === last;
        last = now;
        return settled;
      },
      { intervals: [150] },
    )
    .toBe(true);
  return last;
}

test('back and forward restore the scroll position', async ({ page, portal }) => {
  await page.goto(`${portal.url}/dashboard`);
  await signIn(page, ben.email);
  await expect(heading(page)).toBeVisible();

  const newsletter = page.getByRole('main').getByRole('link', { name: 'Newsletter' });
  await newsletter.scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 120);
  // Read where the page came to rest (a CI run read 360 mid-scroll; back restored the final 480).
  await expect.poll(() => scrollY(page)).toBeGreaterThan(200);
  const position = await settledScrollY(page);

  await newsletter.click();
  await expect(heading(page)).toHaveText('Newsletter');
  await expect.poll(() => scrollY(page)).toBe(0);

  await page.goBack();
  await expect(heading(page)).toHaveText(/^Guten Tag/);
  await expect.poll(() => scrollY(page)).toBe(position);

  await page.goForward();
  await expect(heading(page)).toHaveText('Newsletter');
  await expect.poll(() => scrollY(page)).toBe(0);
});

/** Where the element's top is in the window: an anchor puts it just below the sticky header. */
const topOf = async (locator: Locator) => (await locator.boundingBox())?.y ?? Number.NaN;

test('a link to #anchor scrolls to it, on load and within the page', async ({ page, portal }) => {
  await page.goto(`${portal.url}/dashboard#shortcuts`);
  await signIn(page, ben.email);
  const shortcuts = page.getByRole('heading', { name: 'Schnellzugriff' });
  await expect.poll(() => scrollY(page)).toBeGreaterThan(0);
  await expect.poll(() => topOf(shortcuts)).toBeGreaterThanOrEqual(60);
  expect(await topOf(shortcuts)).toBeLessThan(90);

  // Within the page: only the hash changes, the portal stays loaded.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect.poll(() => topOf(shortcuts)).toBeGreaterThan(150);
  await page.evaluate(() => ((window as unknown as Record<string, unknown>)['stillLoaded'] = true));
  await page.goto(`${portal.url}/dashboard#shortcuts`);
  await expect.poll(() => topOf(shortcuts)).toBeGreaterThanOrEqual(60);
  expect(await topOf(shortcuts)).toBeLessThan(90);
  expect(
    await page.evaluate(() => (window as unknown as Record<string, unknown>)['stillLoaded']),
  ).toBe(true);
});
