/** The `<meta>` the build writes into `index.html` (`apps/web/build/screen-kit.ts`). */
const SCREEN_KIT_META = 'meta[name="pp-screen-kit"]';

/** Adds a low-priority `<link rel="prefetch">` for each file of the screens' kit, once. */
function prefetch(): void {
  const files = document.querySelector<HTMLMetaElement>(SCREEN_KIT_META)?.content.split(' ') ?? [];
  for (const href of files) {
    if (!href.startsWith('/assets/') || document.querySelector(`link[href="${href}"]`)) continue;
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.as = href.endsWith('.css') ? 'style' : 'script';
    // As a module script is fetched, so that the cached copy is the one it uses.
    link.crossOrigin = 'anonymous';
    link.href = href;
    document.head.append(link);
  }
}

/**
 * Fetches what the other screens share (zod and the contract's schemas, the form state,
 * Mantine's overlays and inputs; the build lists them, decision 0091) into the browser's cache
 * once the first screen is up and the browser is idle: opening a screen then loads only its own
 * code. Nothing is run: the files are only fetched, at the lowest priority.
 */
export function prefetchScreenKit(): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(prefetch, { timeout: 2_000 });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(prefetch, 200);
  return () => clearTimeout(timer);
}
