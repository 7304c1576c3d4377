// Interaction benchmark of issue 28, not a test: how quickly the employee list of a practice of
// 2,000 people answers typing in its search, a change of sort and the next page. Measured in
// Chromium under Lighthouse's mobile CPU throttling (4×), with the `web-vitals` library's INP
// and the browser's Event Timing and long task entries, as a person would use the list:
//   - search: a name typed key by key (a key every 100 ms), then Enter;
//   - sort: the sort select, focused, moved on by one entry with an arrow key;
//   - next page: a click on the pager's "next page" button.
// Each kind runs on a freshly loaded list (so each has its own INP), `INTERACTION_ROUNDS` times
// (default 10). Per kind it prints the INP web-vitals reports, the median and worst interaction
// (Event Timing: from the input to the next frame painted) and the long tasks over 50 ms from
// the input until the new page of the list is shown.
//
// Builds the web app when stale and starts the whole portal (embedded provider, demo data) on
// free ports with a throw-away database on the PostgreSQL server, adds 1,998 people to the demo
// practice "Praxis am Markt" and signs in through the provider's real page as its superadmin.
//
//   npm run bench:interaction   (DATABASE_URL: the server to create the database on, default
//                                postgres://postgres@127.0.0.1:5432/postgres; CHROMIUM_PATH;
//                                INTERACTION_ROUNDS; INTERACTION_VIEWPORT=phone for 412×823;
//                                INTERACTION_TRACE=<folder> keeps a Chrome trace of each kind
//                                there, to open in the DevTools' Performance panel)
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { chromium, type Page } from 'playwright-core';
import { calls, ROUTES } from '@pp/contract';
import { DEMO_PASSWORD, DEMO_PRACTICES, DEMO_USERS } from '@pp/demo-data';
import { buildWebIfStale } from '../../e2e/support/build-web.ts';
import { CHROMIUM, CHROMIUM_FLAGS } from '../../e2e/support/chromium.ts';
import { freePort } from '../../e2e/support/free-port.ts';
import { REPO_ROOT } from '../../e2e/support/paths.ts';
import { startPortalProcess } from '../../e2e/support/portal-process.ts';

const ADMIN_URL = process.env['DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROUNDS = Number(process.env['INTERACTION_ROUNDS'] ?? 10);
const PHONE = process.env['INTERACTION_VIEWPORT'] === 'phone';
const TRACES = process.env['INTERACTION_TRACE'];
/** `INTERACTION_ONLY=search,sort,page`: some kinds only, when looking into one. */
const ONLY = process.env['INTERACTION_ONLY']?.split(',');
const measures = (kind: string) => !ONLY || ONLY.includes(kind);
/** Lighthouse's mobile preset: a mid-range phone's CPU, four times slower than this one. */
const CPU_SLOWDOWN = 4;
const PRACTICE_SIZE = 2_000;
/** Lighthouse's desktop screen, or its phone (Moto G Power). */
const VIEWPORT = PHONE ? { width: 412, height: 823 } : { width: 1350, height: 940 };
/** The targets of issue 28. */
const INP_TARGET_MS = 100;
const LONG_TASK_MS = 50;
/** A person typing quickly. */
const KEY_DELAY_MS = 100;

const SUPERADMIN = DEMO_USERS.find((user) => user.email === 'david.markt@example.com')!;
const FIRST_NAMES = ['Anna', 'Ben', 'Clara', 'Daniel', 'Eva', 'Felix', 'Greta', 'Hannah', 'Jonas'];
const LAST_NAMES = [
  'Müller',
  'Schmidt',
  'Schneider',
  'Fischer',
  'Weber',
  'Meyer',
  'Wagner',
  'Becker',
  'Schulz',
  'Hoffmann',
  'Koch',
  'Richter',
  'Klein',
  'Wolf',
  'Schröder',
  'Neumann',
  'Schwarz',
  'Zimmermann',
  'Braun',
  'Krüger',
];
/** What is typed into the search, one per round. */
const SEARCHES = [
  'Schneider',
  'Hoffmann',
  'Zimmermann',
  'Becker',
  'Richter',
  'Neumann',
  'Schwarz',
  'Fischer',
  'Wagner',
  'Klein',
];

const serverUrl = (database: string) => {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${database}`;
  return url.toString();
};

/** The build as `npm run build` leaves it, rebuilt only when stale (others' tests may use it). */
function build() {
  buildWebIfStale();
  const compress = spawnSync(process.execPath, ['scripts/compress-assets.mjs', 'apps/web/dist'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
  if (compress.status !== 0) throw new Error('compressing the web build failed');
}

/** The portal as `npm start` runs it, on `database`, with the demo data. */
async function startPortal(databaseUrl: string) {
  const port = await freePort();
  let idpPort = await freePort();
  while (idpPort === port) idpPort = await freePort();
  const folder = await mkdtemp(path.join(tmpdir(), 'pp-interaction-'));
  const url = `http://localhost:${port}`;
  const issuer = `http://localhost:${idpPort}`;
  const env: NodeJS.ProcessEnv = {};
  for (const name of ['PATH', 'HOME', 'LANG', 'TZ']) {
    if (process.env[name] !== undefined) env[name] = process.env[name];
  }
  Object.assign(env, {
    PORT: String(port),
    IDP_PORT: String(idpPort),
    MANAGEMENT_PORT: String(await freePort()),
    IDP_HOST: 'localhost',
    PUBLIC_URL: url,
    DATA_DIR: path.join(folder, 'data'),
    DATABASE_URL: databaseUrl,
    DEMO_DATA: 'true',
    LOG_LEVEL: 'warn',
    // The browser and the api share the machine's cores: a busy second is no overload here.
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
  });
  const portal = await startPortalProcess(env, folder, [
    `${url}/api/v1/Lifetime/IsAlive`,
    `${issuer}/.well-known/openid-configuration`,
  ]);
  return { url, issuer, stop: portal.stop };
}

/** Fills the demo practice "Praxis am Markt" up to {@link PRACTICE_SIZE} people. */
async function fillPractice(client: pg.Client) {
  const practice = await client.query<{ id: string; people: string }>(
    `select c.id, (select count(*) from memberships m where m.company_id = c.id) as people
       from companies c where c.customer_number = $1`,
    [DEMO_PRACTICES.markt.customerNumber],
  );
  const { id, people } = practice.rows[0]!;
  const added = PRACTICE_SIZE - Number(people);
  // Names of a real practice (several people share a last name), every 25th an admin, every
  // 12th disabled, every third at the practice's first location.
  await client.query(
    `with people as (
       insert into customers (email, first_name, last_name)
       select 'person' || n || '@interaction.example.com',
              ($2::text[])[1 + n % array_length($2::text[], 1)],
              ($3::text[])[1 + (n / 7) % array_length($3::text[], 1)]
         from generate_series(1, $4::int) n
       returning id, email)
     insert into memberships (customer_id, company_id, role, status)
     select id, $1, case when split_part(email, '@', 1) ~ '^person[0-9]*(25|50|75|00)$' then 'admin' else 'member' end,
            case when (substring(email from '[0-9]+')::int) % 12 = 0 then 'disabled' else 'enabled' end
       from people`,
    [id, FIRST_NAMES, LAST_NAMES, added],
  );
  await client.query(
    `insert into location_assignments (location_id, customer_id, company_id)
     select (select l.id from locations l where l.company_id = $1 order by l.created_at limit 1),
            m.customer_id, $1
       from memberships m join customers c on c.id = m.customer_id
      where m.company_id = $1 and c.email like 'person%@interaction.example.com'
        and (substring(c.email from '[0-9]+')::int) % 3 = 0`,
    [id],
  );
  await client.query('analyze');
  const total = await client.query<{ n: string }>(
    'select count(*) as n from memberships where company_id = $1',
    [id],
  );
  return Number(total.rows[0]!.n);
}

/**
 * Measurement in the page from its start: web-vitals' INP (every change), Event Timing entries
 * of interactions and long tasks; `__bench.window(kind)` / `.end()` mark which interaction of
 * the benchmark the next entries belong to.
 */
const PAGE_PROBE = `
  window.__bench = { inp: [], events: [], longTasks: [], windows: [] };
  webVitals.onINP((metric) => window.__bench.inp.push(metric.value), { reportAllChanges: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.interactionId) continue;
      window.__bench.events.push({ id: entry.interactionId, name: entry.name,
        start: entry.startTime, duration: entry.duration,
        processing: entry.processingEnd - entry.processingStart,
        delay: entry.processingStart - entry.startTime });
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__bench.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }
  }).observe({ type: 'longtask', buffered: true });
  window.__bench.begin = (kind, count) => window.__bench.windows.push({ kind, count, start: performance.now(), end: Infinity });
  window.__bench.end = () => { window.__bench.windows.at(-1).end = performance.now(); };
`;

interface Probe {
  inp: number[];
  events: {
    id: number;
    name: string;
    start: number;
    duration: number;
    processing: number;
    delay: number;
  }[];
  longTasks: { start: number; duration: number }[];
  /** Where each interaction of the benchmark ran, and how many interactions it had. */
  windows: { kind: string; count: number; start: number; end: number }[];
}

const begin = (page: Page, kind: string, count = 1) =>
  page.evaluate(
    ([name, n]) =>
      (window as unknown as { __bench: { begin(k: string, n: number): void } }).__bench.begin(
        name,
        n,
      ),
    [kind, count] as const,
  );
const end = (page: Page) =>
  page.evaluate(() => (window as unknown as { __bench: { end(): void } }).__bench.end());
const probe = (page: Page) =>
  page.evaluate(() => {
    const { inp, events, longTasks, windows } = (window as unknown as { __bench: Probe }).__bench;
    return { inp, events, longTasks, windows };
  });

const LIST_CALL = calls.employeeGetEmployees.path;
const listAnswered = (page: Page) =>
  page.waitForResponse((response) => response.url().includes(LIST_CALL) && response.ok());

/** After the list's answer: the new rows rendered and painted, and the main thread quiet. */
async function settled(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 300))),
      ),
  );
}

interface Measured {
  kind: string;
  inp: number | undefined;
  /**
   * Per interaction: its longest Event Timing entry. The browser reports none under 16 ms: those
   * count as 0 here, so that the median is not that of the slow ones only.
   */
  interactions: Map<string, number[]>;
  longTasks: Map<string, number[]>;
}

/** Opens the list afresh (its own INP), slowed down, with the first page shown. */
async function openList(page: Page, url: string, throttle: () => Promise<unknown>) {
  await page.goto(`${url}${ROUTES.employees}`);
  await throttle();
  await page.getByRole('table').waitFor({ timeout: 60_000 });
  await settled(page);
}

async function run(page: Page, kind: string, rounds: (round: number) => Promise<void>) {
  if (TRACES) {
    await mkdir(TRACES, { recursive: true });
    await page
      .context()
      .browser()!
      .startTracing(page, {
        path: path.join(TRACES, `${kind.replace(/\W+/g, '-')}.json`),
        // The timeline and a sampled profile, without a stack for each timer set or cleared,
        // which made clearing Mantine's timers look like most of the work.
        categories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'disabled-by-default-devtools.timeline.frame',
          'toplevel',
          'v8.execute',
          'blink.user_timing',
          'latencyInfo',
          'disabled-by-default-v8.cpu_profiler',
        ],
      });
  }
  for (let round = 0; round < ROUNDS; round += 1) await rounds(round);
  if (TRACES) await page.context().browser()!.stopTracing();
  const { inp, events, longTasks, windows } = await probe(page);
  const interactions = new Map<string, number[]>();
  const tasks = new Map<string, number[]>();
  const windowOf = (time: number) => windows.find((w) => time >= w.start && time <= w.end);
  const longest = new Map<number, { kind: string; duration: number }>();
  for (const event of events) {
    const inWindow = windowOf(event.start);
    if (!inWindow) continue;
    const before = longest.get(event.id);
    if (!before || before.duration < event.duration) {
      longest.set(event.id, { kind: inWindow.kind, duration: event.duration });
    }
  }
  for (const { kind: sub, duration } of longest.values()) {
    interactions.set(sub, [...(interactions.get(sub) ?? []), duration]);
  }
  const expected = new Map<string, number>();
  for (const w of windows) expected.set(w.kind, (expected.get(w.kind) ?? 0) + w.count);
  for (const [sub, count] of expected) {
    const reported = interactions.get(sub) ?? [];
    interactions.set(sub, [
      ...reported,
      ...Array<number>(Math.max(0, count - reported.length)).fill(0),
    ]);
  }
  for (const task of longTasks) {
    const inWindow = windowOf(task.start);
    if (!inWindow) continue;
    tasks.set(inWindow.kind, [...(tasks.get(inWindow.kind) ?? []), task.duration]);
  }
  return { kind, inp: inp.at(-1), interactions, longTasks: tasks } satisfies Measured;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const ms = (value: number | undefined) =>
  value === undefined ? '–' : value < 16 ? '< 16 ms' : `${Math.round(value)} ms`;
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');

const started = Date.now();
const loadBefore = load();
build();
const name = `pp_interaction_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`create database "${name}"`);
const results: Measured[] = [];
let chromiumVersion = '';
try {
  const portal = await startPortal(serverUrl(name));
  const database = new pg.Client({ connectionString: serverUrl(name) });
  const browser = await chromium.launch({
    ...(CHROMIUM ? { executablePath: CHROMIUM } : {}),
    args: CHROMIUM_FLAGS.filter((flag) => flag !== '--headless'),
    headless: true,
  });
  try {
    await database.connect();
    const people = await fillPractice(database);
    await database.end();
    chromiumVersion = browser.version();
    // The library's script build (its package exports only the modules), beside its CommonJS one.
    const webVitalsDist = path.dirname(createRequire(import.meta.url).resolve('web-vitals'));
    const webVitals = await readFile(path.join(webVitalsDist, 'web-vitals.iife.js'), 'utf8');
    const context = await browser.newContext({ viewport: VIEWPORT, locale: 'de-DE' });
    await context.addInitScript({ content: `${webVitals}\n${PAGE_PROBE}` });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const throttle = () => cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });

    // Signing in, unthrottled: not what is measured.
    await page.goto(`${portal.url}${ROUTES.employees}`);
    await page.locator('input[autocomplete="username"]').fill(SUPERADMIN.email);
    await page.locator('input[autocomplete="current-password"]').fill(DEMO_PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.href.startsWith(`${portal.url}${ROUTES.employees}`));
    await page.getByRole('table').waitFor({ timeout: 60_000 });
    const shown = await page
      .getByText(/Mitarbeitende|Personen/)
      .first()
      .textContent();
    console.error(`signed in as ${SUPERADMIN.email}; ${people} people in the practice (${shown})`);

    // Search: a name typed key by key, then Enter.
    if (measures('search')) {
      await openList(page, portal.url, throttle);
      const search = page.getByRole('searchbox', { name: /^Suche/ });
      results.push(
        await run(page, 'search', async (round) => {
          await search.click();
          await search.fill('');
          const typed = SEARCHES[round % SEARCHES.length]!;
          await begin(page, 'search: a key typed', typed.length);
          await page.keyboard.type(typed, { delay: KEY_DELAY_MS });
          await settled(page);
          await end(page);
          await begin(page, 'search: Enter');
          const answered = listAnswered(page);
          await page.keyboard.press('Enter');
          await answered;
          await settled(page);
          await end(page);
        }),
      );
    }

    // Sort: the next (or, at the end, the first) entry of the select, by keyboard.
    if (measures('sort')) {
      await openList(page, portal.url, throttle);
      const sort = page.getByRole('combobox', { name: 'Sortierung' });
      results.push(
        await run(page, 'sort', async () => {
          await sort.focus();
          const atEnd = await sort.evaluate(
            (select: HTMLSelectElement) => select.selectedIndex === select.options.length - 1,
          );
          await begin(page, 'sort: another order');
          const answered = listAnswered(page);
          await page.keyboard.press(atEnd ? 'Home' : 'ArrowDown');
          await answered;
          await settled(page);
          await end(page);
        }),
      );
    }

    // Next page: the pager's button, clicked.
    if (measures('page')) {
      await openList(page, portal.url, throttle);
      const next = page.getByRole('button', { name: 'Nächste Seite' });
      results.push(
        await run(page, 'next page', async () => {
          await begin(page, 'next page: a click');
          const answered = listAnswered(page);
          await next.click();
          await answered;
          await settled(page);
          await end(page);
        }),
      );
    }
    await context.close();
  } finally {
    await browser.close();
    await portal.stop();
  }
} finally {
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.end();
}

console.log(
  `\nEmployee list of ${PRACTICE_SIZE} people, ${ROUNDS} rounds per kind, CPU ${CPU_SLOWDOWN}× slower,` +
    ` ${VIEWPORT.width}×${VIEWPORT.height}, Chromium ${chromiumVersion}`,
);
console.log(
  `load average before ${loadBefore}; after ${load()}; ${Math.round((Date.now() - started) / 1000)} s\n`,
);
let met = true;
for (const result of results) {
  const inpMet = result.inp !== undefined && result.inp <= INP_TARGET_MS;
  console.log(
    `${result.kind}: INP (web-vitals) ${ms(result.inp)} ${inpMet ? '(met)' : '(NOT met)'}`,
  );
  met &&= inpMet;
  for (const [sub, durations] of result.interactions) {
    const tasks = (result.longTasks.get(sub) ?? []).filter((duration) => duration > LONG_TASK_MS);
    met &&= tasks.length === 0 && Math.max(...durations) <= INP_TARGET_MS;
    console.log(
      `  ${sub.padEnd(22)} ${String(durations.length).padStart(3)} interactions, median ${ms(median(durations))},` +
        ` worst ${ms(Math.max(...durations))}; long tasks > ${LONG_TASK_MS} ms: ${tasks.length}` +
        (tasks.length ? ` (longest ${ms(Math.max(...tasks))})` : ''),
    );
  }
}
console.log(
  `\nTargets (INP ≤ ${INP_TARGET_MS} ms, no long task > ${LONG_TASK_MS} ms): ${met ? 'met' : 'NOT met'}`,
);
