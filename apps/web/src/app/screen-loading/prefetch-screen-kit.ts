/** The `<meta>` the build writes into `index.html` (`apps/web/build/screen-kit.ts`). */
const SCREEN_KIT_META = 'meta[name="pp-screen-kit"]';

/**
 * At most this many of the kit's files are fetched at a time: the connections left are free for
 * the screen someone opens meanwhile (a browser opens six to a server over HTTP/1.1).
 */
const AT_A_TIME = 2;

/**
 * The kit this browser has fetched in full, by its files' names (which change with their
 * content). A returning visit of the same build skips the prefetch: each of its files costs the
 * main thread a few milliseconds even from the cache (issue 28). Should the cache have lost
 * them meanwhile, a screen still loads what it needs itself.
 */
const FETCHED_KEY = 'pp-screen-kit-fetched';

function fetchedBefore(content: string): boolean {
  try {
    return window.localStorage.getItem(FETCHED_KEY) === content;
  } catch {
    return false; // storage blocked: fetch as usual
  }
}

function rememberFetched(content: string): void {
  try {
    window.localStorage.setItem(FETCHED_KEY, content);
  } catch {
    // storage blocked or full: the next visit fetches again
  }
}

/** Adds a low-priority `<link rel="prefetch">` for each file of the screens' kit, once. */
function prefetch(): void {
  const content = document.querySelector<HTMLMetaElement>(SCREEN_KIT_META)?.content ?? '';
  if (content === '' || fetchedBefore(content)) return;
  const queue = content
    .split(' ')
    .filter(
      (href) => href.startsWith('/assets/') && !document.querySelector(`link[href="${href}"]`),
    );
  let pending = queue.length;
  let failed = false;
  const settled = (ok: boolean) => {
    failed ||= !ok;
    pending -= 1;
    if (pending === 0 && !failed) rememberFetched(content);
    next();
  };
  const next = () => {
    const href = queue.shift();
    if (href === undefined) return;
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.as = href.endsWith('.css') ? 'style' : 'script';
    // As a module script is fetched, so that the cached copy is the one it uses.
    link.crossOrigin = 'anonymous';
    link.href = href;
    link.addEventListener('load', () => settled(true), { once: true });
    link.addEventListener('error', () => settled(false), { once: true });
    document.head.append(link);
  };
  for (let started = 0; started < AT_A_TIME; started += 1) next();
}

/**
 * Fetches what the other screens share (zod and the contract's schemas, the form state,
 * Mantine's overlays and inputs; the build lists them, decision 0091) into the browser's cache
 * once the first screen is up and the browser is idle: opening a screen then loads only its own
 * code. Nothing is run: the files are only fetched, at the lowest priority, two at a time.
 */
export function prefetchScreenKit(): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(prefetch, { timeout: 2_000 });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(prefetch, 200);
  return () => clearTimeout(timer);
}
