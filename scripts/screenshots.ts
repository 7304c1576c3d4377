// Screenshots of issue 12 for the README and reviews, not a test: the dashboard and the
// provider's sign-in page at 1280×800 and the header on a 360 px phone, light and dark, in
// German, written to docs/screenshots/{dashboard,sign-in,mobile-header}-{light,dark}.png.
// Builds the web app when stale and starts the whole portal (embedded database and provider,
// demo data) on free ports, as the end-to-end tests do.
//
//   node --import tsx scripts/screenshots.ts     (CHROMIUM_PATH for another binary)
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { buildWebIfStale } from '../e2e/support/build-web.ts';
import { DEMO_PASSWORD, DEMO_USERS } from '../e2e/support/demo-users.ts';
import { REPO_ROOT } from '../e2e/support/paths.ts';
import { startPortalServer } from '../e2e/support/portal-server.ts';
import { CHROMIUM, CHROMIUM_FLAGS } from '../e2e/support/chromium.ts';

const FOLDER = path.join(REPO_ROOT, 'docs/screenshots');
const SCHEMES = ['light', 'dark'] as const;
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 360, height: 740 };
const anna = DEMO_USERS[0];

type Scheme = (typeof SCHEMES)[number];

/** A German browser in the scheme, as a first-time visitor (no choice stored). */
async function newPage(browser: Browser, scheme: Scheme, viewport: typeof DESKTOP) {
  const context = await browser.newContext({
    viewport,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    colorScheme: scheme,
    reducedMotion: 'reduce',
  });
  return context.newPage();
}

async function save(page: Page, name: string) {
  const file = path.join(FOLDER, `${name}.png`);
  await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' });
  console.error(`wrote ${path.relative(REPO_ROOT, file)}`);
}

/** From the provider's sign-in form (showing) to the dashboard with its greeting. */
async function signIn(page: Page) {
  await page.locator('input[autocomplete="username"]').fill(anna.email);
  await page.locator('input[autocomplete="current-password"]').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.getByRole('heading', { level: 1, name: /^Guten Tag/ }).waitFor();
  await page.getByRole('region', { name: 'Schnellzugriff' }).getByRole('link').first().waitFor();
  // Fonts and the last layout settle before the picture.
  await page.evaluate(() => document.fonts.ready);
}

buildWebIfStale();
await mkdir(FOLDER, { recursive: true });
const portal = await startPortalServer();
const browser = await chromium.launch({
  ...(CHROMIUM ? { executablePath: CHROMIUM } : {}),
  args: CHROMIUM_FLAGS,
});
try {
  for (const scheme of SCHEMES) {
    const desktop = await newPage(browser, scheme, DESKTOP);
    await desktop.goto(`${portal.url}/dashboard`);
    await desktop.locator('input[autocomplete="current-password"]').waitFor();
    await save(desktop, `sign-in-${scheme}`);
    await signIn(desktop);
    await save(desktop, `dashboard-${scheme}`);
    await desktop.context().close();

    const phone = await newPage(browser, scheme, PHONE);
    await phone.goto(`${portal.url}/dashboard`);
    await phone.locator('input[autocomplete="current-password"]').waitFor();
    await signIn(phone);
    await save(phone, `mobile-header-${scheme}`);
    await phone.context().close();
  }
} finally {
  await browser.close();
  await portal.stop();
}
