/** The `<meta>` the build writes into `index.html` (`apps/web/build/screen-kit.ts`). */
const SCREEN_KIT_META = 'meta[name="pp-screen-kit"]';

/**
 * At most this many of the kit's files are fetched at a time: the connections left are free for
 * the screen someone opens meanwhile (a browser opens six to a server over HTTP/1.1).
 */
const AT_A_TIME = 2;

/** Adds a low-priority `<link rel="prefetch">` for each file of the screens' kit, once. */
function prefetch(): void {
  const content = document.querySelector<HTMLMetaElement>(SCREEN_KIT_META)?.content ?? '';
  const queue = content
    .split(' ')
    .filter(
      (href) => href.startsWith('/assets/') && !document.querySelector(`link[href="${href}"]`),
    );
  const next = () => {
    const href = queue.shift();
    if (href === undefined) return;
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.as = href.endsWith('.css') ? 'style' : 'script';
    // As a module script is fetched, so that the cached copy is the one it uses.
    link.crossOrigin = 'anonymous';
    link.href = href;
    link.addEventListener('load', next, { once: true });
    link.addEventListener('error', next, { once: true });
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
