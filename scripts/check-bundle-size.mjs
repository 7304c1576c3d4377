// The web app's JavaScript budget (issues 4 and 13), from Vite's build manifest:
// - the first visit, signed out: the light entry and its static imports, all a visitor loads
//   before the redirect to the provider's sign-in page (decision 0034) ≤ 30 KB gzipped;
// - everything loaded before the dashboard renders (the entry, the app it loads once signed in,
//   their static imports and the dashboard screen's chunks) ≤ 166 KB gzipped (decision 0091:
//   165.4 KB measured, 186.3 KB before; issue 28's target is 160 KB);
// - the screens' kit, which the app fetches once the first screen is up, when the browser is
//   idle: what two or more screens share (zod and the schemas, the form state, Mantine's
//   overlays and inputs), as `index.html` lists it in `<meta name="pp-screen-kit">` (decision
//   0091) ≤ 100 KB (96 KB until zod's JSON Schema converters, 4.8 KB, stopped being cut out by a
//   plugin that rewrote zod's source: issue 42);
// - each lazily loaded screen or part, all its chunks not in the first screen or the kit, ≤ 32 KB
//   (issue 28's target; 57.7 KB before the kit).
// Run after `npm run build`; prints a table and exits non-zero past a limit.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const KB = 1024;
const FIRST_VISIT_LIMIT = 30 * KB;
const FIRST_SCREEN_LIMIT = 166 * KB;
const SCREEN_KIT_LIMIT = 100 * KB;
const LAZY_LIMIT = 32 * KB;
const ENTRY = 'index.html';
const APP = 'src/main.tsx';
const DASHBOARD = 'src/features/dashboard/components/dashboard-page.tsx';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
/** @type {Record<string, { file: string, imports?: string[], dynamicImports?: string[], isEntry?: boolean, isDynamicEntry?: boolean }>} */
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

const gzipped = new Map();
function gzipSize(key) {
  const file = manifest[key]?.file;
  if (!file?.endsWith('.js')) return 0;
  if (!gzipped.has(file)) {
    gzipped.set(file, gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length);
  }
  return gzipped.get(file);
}

/** The chunk and everything it imports statically, which the browser loads with it. */
function withStaticImports(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  if (!manifest[key]) throw new Error(`${key} is not in the build manifest`);
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) withStaticImports(imported, seen);
  return seen;
}

const total = (keys) => [...keys].reduce((sum, key) => sum + gzipSize(key), 0);
const firstVisit = withStaticImports(ENTRY);
if (!manifest[ENTRY].dynamicImports?.includes(APP)) {
  throw new Error(`${ENTRY} no longer loads ${APP} on demand: the first visit would carry the app`);
}
const firstScreen = withStaticImports(DASHBOARD, withStaticImports(APP, new Set(firstVisit)));
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const kitFiles = /<meta name="pp-screen-kit" content="([^"]*)"/.exec(html)?.[1]?.split(' ') ?? [];
const keyOf = new Map(Object.entries(manifest).map(([key, chunk]) => [`/${chunk.file}`, key]));
const screenKit = kitFiles.filter((file) => file.endsWith('.js')).map((file) => keyOf.get(file));
if (screenKit.length === 0 || screenKit.some((key) => !key || firstScreen.has(key))) {
  throw new Error(
    'index.html lists no screen kit, or files that are not chunks after the first screen',
  );
}
const loadedBeforeScreens = new Set([...firstScreen, ...screenKit]);

const rows = [
  {
    name: 'first visit, signed out (entry)',
    bytes: total(firstVisit),
    limit: FIRST_VISIT_LIMIT,
  },
  {
    name: 'first screen (entry + app + dashboard)',
    bytes: total(firstScreen),
    limit: FIRST_SCREEN_LIMIT,
  },
  {
    name: 'screen kit, fetched when idle after it',
    bytes: total(screenKit),
    limit: SCREEN_KIT_LIMIT,
  },
];
const lazyKeys = Object.keys(manifest).filter(
  (key) => manifest[key].isDynamicEntry && key !== DASHBOARD && key !== APP,
);
for (const key of lazyKeys.sort()) {
  const extra = [...withStaticImports(key)].filter((chunk) => !loadedBeforeScreens.has(chunk));
  rows.push({ name: key.replace(/^src\//, ''), bytes: total(extra), limit: LAZY_LIMIT });
}

const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;
const width = Math.max(...rows.map((row) => row.name.length));
console.log(
  `${'JavaScript, gzipped'.padEnd(width)}  ${'size'.padStart(9)}  ${'limit'.padStart(9)}`,
);
let failed = false;
for (const row of rows) {
  const over = row.bytes > row.limit;
  failed ||= over;
  console.log(
    `${row.name.padEnd(width)}  ${kb(row.bytes).padStart(9)}  ${kb(row.limit).padStart(9)}${over ? '  OVER' : ''}`,
  );
}
if (failed) {
  console.error('\nThe JavaScript budget is exceeded (see OVER above).');
  process.exit(1);
}
