// Lighthouse of issue 13, not a test: the mobile preset (simulated slow 4G, a mid-range phone's
// CPU) in Debian's Chromium, median of three runs, on
// - the first visit: signed out, empty cache, ending on the provider's sign-in page;
// - the dashboard signed in: a returning user (provider session and browser cache kept).
// Builds the web app when stale and starts the whole portal (embedded database and provider, demo data) on
// free ports, as the end-to-end tests do.
//
//   npm run lighthouse     (LIGHTHOUSE_RUNS=5 for more runs; CHROMIUM_PATH for another binary;
//                           LIGHTHOUSE_REPORTS=<folder> keeps each run's JSON report there)
import { spawnSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type RunnerResult } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { buildWebIfStale } from '../e2e/support/build-web.ts';
import { DEMO_PASSWORD, DEMO_USERS } from '../e2e/support/demo-users.ts';
import { REPO_ROOT } from '../e2e/support/paths.ts';
import { startPortalServer } from '../e2e/support/portal-server.ts';
import { printSummary, summarize, type PageSummary } from './lighthouse-summary.ts';
import { CHROMIUM, CHROMIUM_FLAGS } from '../e2e/support/chromium.ts';

const RUNS = Number(process.env['LIGHTHOUSE_RUNS'] ?? 3);
const REPORTS = process.env['LIGHTHOUSE_REPORTS'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/** The build as `npm run build` leaves it, rebuilt only when stale (others' tests may use it). */
function build() {
  buildWebIfStale();
  const compress = spawnSync(process.execPath, ['scripts/compress-assets.mjs', 'apps/web/dist'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
  if (compress.status !== 0) throw new Error('compressing the web build failed');
}

async function audit(url: string, port: number, keepSession: boolean): Promise<RunnerResult> {
  const flags: Flags = {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: CATEGORIES,
    disableStorageReset: keepSession,
  };
  // A busy machine sometimes loses the trace (NO_NAVSTART): such a run is repeated, twice at most.
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, flags);
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const error = result.lhr.runtimeError;
    if (!error) return result;
    if (attempt === 3) throw new Error(`Lighthouse: ${error.code} ${error.message}`);
    console.error(`Lighthouse: ${error.code}, trying again`);
  }
}

/** Signs in once through the provider's page, in the browser's own profile Lighthouse uses. */
async function signIn(port: number, portalUrl: string) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    await page.goto(`${portalUrl}/dashboard`);
    await page.waitForSelector('input[autocomplete="current-password"]', { visible: true });
    await page.type('input[autocomplete="username"]', DEMO_USERS[0].email);
    await page.type('input[autocomplete="current-password"]', DEMO_PASSWORD);
    await Promise.all([page.waitForNavigation(), page.keyboard.press('Enter')]);
    // The portal's dashboard, not a page of the provider (which has a main h1 too).
    await page.waitForFunction((portal) => window.location.href.startsWith(portal), {}, portalUrl);
    await page.waitForSelector('main h1', { visible: true, timeout: 30_000 });
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

/**
 * Runs Lighthouse on `url`; every run must end on a page `endsOn` accepts, or the figures would
 * be another page's (a sign-in that silently failed measured the sign-in page as the dashboard).
 */
async function measure(
  name: string,
  url: string,
  port: number,
  keepSession: boolean,
  endsOn: (finalUrl: string) => boolean,
) {
  const runs: RunnerResult[] = [];
  for (let run = 1; run <= RUNS; run += 1) {
    const result = await audit(url, port, keepSession);
    console.error(`${name}, run ${run}: ${result.lhr.finalDisplayedUrl}`);
    if (!endsOn(result.lhr.finalDisplayedUrl)) {
      throw new Error(`${name} ended on ${result.lhr.finalDisplayedUrl}: not the page to measure`);
    }
    if (REPORTS) {
      await mkdir(REPORTS, { recursive: true });
      const file = `${name.replace(/\W+/g, '-')}-${run}.json`;
      await writeFile(path.join(REPORTS, file), JSON.stringify(result.lhr));
    }
    runs.push(result);
  }
  return summarize(
    name,
    runs.map((result) => result.lhr),
  );
}

build();
const portal = await startPortalServer();
const chrome = await chromeLauncher.launch({
  ...(CHROMIUM ? { chromePath: CHROMIUM } : {}),
  chromeFlags: CHROMIUM_FLAGS,
  logLevel: 'silent',
});
const pages: PageSummary[] = [];
try {
  const onSignInPage = (url: string) =>
    url.startsWith(portal.issuer) && new URL(url).pathname.startsWith('/interaction/');
  pages.push(
    await measure('first visit (signed out)', `${portal.url}/`, chrome.port, false, onSignInPage),
  );
  await signIn(chrome.port, portal.url);
  pages.push(
    await measure(
      'dashboard (signed in)',
      `${portal.url}/dashboard`,
      chrome.port,
      true,
      (url) => url === `${portal.url}/dashboard`,
    ),
  );
} finally {
  chrome.kill();
  await portal.stop();
}
printSummary(pages, RUNS);
