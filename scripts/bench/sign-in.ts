// Benchmark of issue 28, not a test: the sign-in round trip as a person sees it, measured from
// outside the browser on loopback with the embedded provider (the whole portal as `npm start` runs
// it, with the demo data, started like scripts/lighthouse.ts does).
// - sign-in: from pressing "Anmelden" on the provider's page to the dashboard showing the person's
//   greeting and practice (a fresh browser profile each run: the portal's entry is cached from the
//   first visit, the app is not);
// - returning visit: a new tab of a browser with a live provider session (and its cache) opening
//   the dashboard, until the same greeting and practice show.
// Prints the median and p95 of each; SIGN_IN_WATERFALL=1 also prints one run's requests (start
// after the press, duration, the server's time to the first byte).
//
//   npm run bench:sign-in     (SIGN_IN_RUNS=20 by default; CHROMIUM_PATH for another binary;
//                              SIGN_IN_LATENCY_MS=100 adds that round-trip time to every request,
//                              as Chromium's DevTools throttling does: a network, not loopback)
import { chromium, type BrowserContext, type Page, type Request } from 'playwright-core';
import { buildWebIfStale } from '../../e2e/support/build-web.ts';
import { CHROMIUM, CHROMIUM_FLAGS } from '../../e2e/support/chromium.ts';
import { DEMO_PASSWORD, DEMO_USERS } from '../../e2e/support/demo-users.ts';
import { startPortalServer } from '../../e2e/support/portal-server.ts';
import { DEMO_PRACTICES } from '@pp/demo-data';

const RUNS = Number(process.env['SIGN_IN_RUNS'] ?? 20);
const WATERFALL = process.env['SIGN_IN_WATERFALL'] === '1';
const LATENCY_MS = Number(process.env['SIGN_IN_LATENCY_MS'] ?? 0);
/** Anna Sommer: "Guten Tag, Frau Dr. Sommer" and her practice on the dashboard. */
const USER = DEMO_USERS[0];
const PRACTICE = DEMO_PRACTICES.sommer.name;

/**
 * Makes each page of the context report when the dashboard shows its data: the greeting with the
 * person's name and the active practice's name. Noticed in the page by a MutationObserver and
 * stamped at the next animation frame (the frame that paints it), with the wall clock that
 * `Date.now()` in this process shares: a check polled from here would add Playwright's back-off
 * (0, 20, 50, 100, 100, 500 ms …) to the figure, which put the same sign-in at 0.7 or 1.2 s.
 */
async function reportDashboardShown(context: BrowserContext) {
  let waiting: ((at: number) => void) | undefined;
  await context.exposeBinding('ppDashboardShown', (_source, at: number) => waiting?.(at));
  await context.addInitScript((practice) => {
    const report = (window as unknown as { ppDashboardShown?: (at: number) => void })
      .ppDashboardShown;
    const observer = new MutationObserver(() => {
      const heading = document.querySelector('h1');
      const greeted = heading !== null && /Sommer/.test(heading.textContent ?? '');
      if (!greeted || !heading.checkVisibility()) return;
      if (!(document.body.textContent ?? '').includes(practice)) return;
      observer.disconnect();
      requestAnimationFrame(() => report?.(Date.now()));
    });
    observer.observe(document, { childList: true, subtree: true, characterData: true });
  }, PRACTICE);
  /** The wall-clock time at which the next page of the context shows the dashboard. */
  return () =>
    new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no dashboard within 30 s')), 30_000);
      waiting = (at) => {
        clearTimeout(timer);
        waiting = undefined;
        resolve(at);
      };
    });
}

/** A page of the context, behind {@link LATENCY_MS} of round-trip time when that is set. */
async function openPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  if (LATENCY_MS > 0) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: LATENCY_MS,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
  }
  return page;
}

interface Timed {
  url: string;
  method: string;
  /** Milliseconds after the press (or the navigation's start). */
  start: number;
  duration: number;
  /** The time to the response's first byte after the request was sent. */
  waiting: number;
}

/** Records each request of the context relative to `origin()`, once it has finished. */
function recordRequests(context: BrowserContext, origin: () => number): Timed[] {
  const requests: Timed[] = [];
  const started = new Map<Request, number>();
  context.on('request', (request) => started.set(request, performance.now() - origin()));
  context.on('requestfinished', (request) => {
    const timing = request.timing();
    const start = started.get(request) ?? NaN;
    requests.push({
      url: request.url(),
      method: request.method(),
      start,
      duration: performance.now() - origin() - start,
      waiting: timing.responseStart - timing.requestStart,
    });
  });
  return requests;
}

function printWaterfall(title: string, requests: Timed[]) {
  console.log(`\n${title} (ms after the start; duration; server's time to the first byte)`);
  for (const request of requests.sort((a, b) => a.start - b.start)) {
    const url = new URL(request.url);
    const where = `${url.host}${url.pathname}`.slice(0, 90);
    console.log(
      `${request.start.toFixed(0).padStart(6)}  ${request.duration.toFixed(0).padStart(5)}  ` +
        `${request.waiting.toFixed(0).padStart(5)}  ${request.method.padEnd(4)} ${where}`,
    );
  }
}

/** One sign-in in a fresh profile: the milliseconds from the press to the dashboard with data. */
async function signIn(
  context: BrowserContext,
  dashboardShown: () => Promise<number>,
  portalUrl: string,
  waterfall: boolean,
) {
  const page = await openPage(context);
  await page.goto(`${portalUrl}/`);
  const password = page.locator('input[autocomplete="current-password"]');
  await password.waitFor({ state: 'visible', timeout: 30_000 });
  await page.locator('input[autocomplete="username"]').fill(USER.email);
  await password.fill(DEMO_PASSWORD);
  const submit = page.getByRole('button', { name: 'Anmelden', exact: true });
  await submit.waitFor({ state: 'visible' });
  let pressed = performance.now();
  const requests = waterfall ? recordRequests(context, () => pressed) : [];
  const shown = dashboardShown();
  pressed = performance.now();
  const pressedAt = Date.now();
  await submit.click();
  const elapsed = (await shown) - pressedAt;
  if (waterfall) printWaterfall(`Sign-in, ${elapsed.toFixed(0)} ms`, requests);
  await page.close();
  return elapsed;
}

/** A new tab of a signed-in browser: the milliseconds from opening the dashboard to its data. */
async function returningVisit(
  context: BrowserContext,
  dashboardShown: () => Promise<number>,
  portalUrl: string,
  waterfall: boolean,
) {
  const page = await openPage(context);
  let opened = performance.now();
  const requests = waterfall ? recordRequests(context, () => opened) : [];
  const shown = dashboardShown();
  opened = performance.now();
  const openedAt = Date.now();
  await page.goto(`${portalUrl}/dashboard`, { waitUntil: 'commit' });
  const elapsed = (await shown) - openedAt;
  if (waterfall) printWaterfall(`Returning visit, ${elapsed.toFixed(0)} ms`, requests);
  await page.close();
  return elapsed;
}

function summary(name: string, times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return `${name.padEnd(16)} median ${(median / 1000).toFixed(2)} s, p95 ${(at(0.95) / 1000).toFixed(2)} s, min ${(sorted[0]! / 1000).toFixed(2)} s, max ${(sorted.at(-1)! / 1000).toFixed(2)} s (${sorted.length} runs)`;
}

buildWebIfStale();
const portal = await startPortalServer();
const browser = await chromium.launch({
  ...(CHROMIUM ? { executablePath: CHROMIUM } : {}),
  args: CHROMIUM_FLAGS,
});
const signIns: number[] = [];
const returning: number[] = [];
try {
  // One sign-in and one return unmeasured first: the server's code paths and the database warm up.
  const warm = await browser.newContext({ locale: 'de-DE' });
  const warmShown = await reportDashboardShown(warm);
  await signIn(warm, warmShown, portal.url, false);
  await returningVisit(warm, warmShown, portal.url, false);
  await warm.close();
  for (let run = 1; run <= RUNS; run += 1) {
    const context = await browser.newContext({ locale: 'de-DE' });
    const last = run === RUNS && WATERFALL;
    const shown = await reportDashboardShown(context);
    signIns.push(await signIn(context, shown, portal.url, last));
    returning.push(await returningVisit(context, shown, portal.url, last));
    await context.close();
    console.error(
      `run ${run}: sign-in ${signIns.at(-1)!.toFixed(0)} ms, returning ${returning.at(-1)!.toFixed(0)} ms`,
    );
  }
} finally {
  await browser.close();
  await portal.stop();
}
const network = LATENCY_MS > 0 ? `${LATENCY_MS} ms round trips` : 'loopback';
console.log(`\nSign-in round trip, ${network}, embedded provider (${USER.email})`);
console.log(summary('sign-in', signIns));
console.log(summary('returning visit', returning));
