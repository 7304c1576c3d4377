// Lighthouse of issues 13 and 28, not a test: the mobile preset (simulated slow 4G, a mid-range
// phone's CPU) in Debian's Chromium, median of five runs, on
// - the first visit: signed out, empty cache, ending on the provider's sign-in page;
// - signed in as a returning user (provider session and browser cache kept): the dashboard, the
//   employee list of a practice with 200 people, and the person's own information (/info).
// Builds the web app when stale and starts the whole portal (embedded database and provider, demo
// data) on free ports, as the end-to-end tests do. The demo practices have a handful of people:
// the practice of 200 is written through the portal's test endpoint (`ATest/CreateUser`, as the
// end-to-end tests create their users), its superadmin is the one who signs in.
//
//   npm run lighthouse     (LIGHTHOUSE_RUNS=3 for fewer runs; CHROMIUM_PATH for another binary;
//                           LIGHTHOUSE_REPORTS=<folder> keeps each run's JSON report and trace
//                           there; LIGHTHOUSE_PAGES=dashboard,info measures only those)
import { spawnSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type RunnerResult } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { buildWebIfStale } from '../e2e/support/build-web.ts';
import { calls, ROUTES } from '@pp/contract';
import { REPO_ROOT } from '../e2e/support/paths.ts';
import { startPortalServer } from '../e2e/support/portal-server.ts';
import { printSummary, summarize, type PageSummary } from './lighthouse-summary.ts';
import { CHROMIUM, CHROMIUM_FLAGS } from '../e2e/support/chromium.ts';

const RUNS = Number(process.env['LIGHTHOUSE_RUNS'] ?? 5);
const REPORTS = process.env['LIGHTHOUSE_REPORTS'];
/** Which of the four pages to measure: `first-visit`, `dashboard`, `employees`, `info`; all by default. */
const ONLY = process.env['LIGHTHOUSE_PAGES']?.split(',').map((name) => name.trim());
const wanted = (key: string) => ONLY === undefined || ONLY.includes(key);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
/** The people of the measured practice, its superadmin included (issue 28). */
const PRACTICE_SIZE = 200;
/** The superadmin of that practice, who signs in. */
const ADMIN = {
  email: 'lea.leuchtturm@example.com',
  password: 'Lighthouse-Portal-2026',
  firstName: 'Lea',
  lastName: 'Leuchtturm',
};

/** Writes one user through the test endpoint; returns the ids of the practices it is in. */
async function createUser(portalUrl: string, body: object): Promise<string[]> {
  const response = await fetch(`${portalUrl}/api/v1${calls.atestCreateUser.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 201) {
    throw new Error(`creating a user failed: ${response.status} ${await response.text()}`);
  }
  return calls.atestCreateUser.response.parse(await response.json()).practiceIds;
}

/** A practice of {@link PRACTICE_SIZE} people whose superadmin is {@link ADMIN}. */
async function preparePractice(portalUrl: string) {
  const [practiceId] = await createUser(portalUrl, {
    ...ADMIN,
    practices: [{ name: 'Praxis Leuchtturm' }],
  });
  if (!practiceId) throw new Error('the practice was not created');
  // A person's name has letters only (decision 0049): the number in base 26, written in letters.
  const letters = (n: number) =>
    [...n.toString(26)].map((digit) => String.fromCharCode(97 + parseInt(digit, 26))).join('');
  for (let n = 1; n < PRACTICE_SIZE; n += 1) {
    await createUser(portalUrl, {
      email: `person${n}@leuchtturm.example.com`,
      password: `Lighthouse-Person-${n}`,
      firstName: 'Person',
      lastName: `Leuchtturm ${letters(n)}`,
      practices: [{ companyId: practiceId, role: 'member' }],
    });
  }
}

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
    await page.type('input[autocomplete="username"]', ADMIN.email);
    await page.type('input[autocomplete="current-password"]', ADMIN.password);
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
      // The run's trace, for Chromium's Performance panel (where a long task comes from).
      const trace = (result.artifacts as { Trace?: unknown } | undefined)?.Trace;
      if (trace)
        await writeFile(
          path.join(REPORTS, file.replace(/\.json$/, '.trace.json')),
          JSON.stringify(trace),
        );
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
  if (wanted('first-visit')) {
    pages.push(
      await measure('first visit (signed out)', `${portal.url}/`, chrome.port, false, onSignInPage),
    );
  }
  await preparePractice(portal.url);
  await signIn(chrome.port, portal.url);
  const signedIn = [
    ['dashboard', 'dashboard (signed in)', ROUTES.dashboard],
    ['employees', `employee list (${PRACTICE_SIZE} people)`, ROUTES.employees],
    ['info', 'own information (/info)', ROUTES.info],
  ] as const;
  for (const [key, name, route] of signedIn) {
    if (!wanted(key)) continue;
    const url = `${portal.url}${route}`;
    pages.push(await measure(name, url, chrome.port, true, (finalUrl) => finalUrl === url));
  }
} finally {
  chrome.kill();
  await portal.stop();
}
printSummary(pages, RUNS);
