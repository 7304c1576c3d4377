import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page, Route } from '@playwright/test';
import { REPO_ROOT } from './paths.ts';

// A screen's JavaScript as the build names it (the harness builds apps/web/dist before the specs),
// to answer it the way a server does after a deploy (the old hash is gone) or with a broken copy.

/** The URL glob of a screen's own chunk, e.g. `src/features/newsletter/components/newsletter-page.tsx`. */
export function screenChunk(source: string): string {
  const manifest = JSON.parse(
    readFileSync(path.join(REPO_ROOT, 'apps/web/dist/.vite/manifest.json'), 'utf8'),
  ) as Record<string, { file: string }>;
  const entry = manifest[source];
  if (!entry) throw new Error(`${source} is not in the build manifest`);
  return `**/${entry.file}`;
}

export const NEWSLETTER_SCREEN = 'src/features/newsletter/components/newsletter-page.tsx';

/**
 * The screen's code answers 404, as the old version's chunk does after a deploy: always, or
 * (`untilReload`) until the tab loads a document again, as the new version's index names a chunk
 * that exists.
 */
export async function removeScreenChunk(page: Page, source: string, { untilReload = false } = {}) {
  let gone = true;
  if (untilReload) {
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) gone = false;
    });
  }
  await page.route(screenChunk(source), (route: Route) =>
    gone ? route.fulfill({ status: 404, body: 'Not Found' }) : route.continue(),
  );
}

/**
 * The screen's code loads, but everything it exports throws while rendering: a screen with a
 * bug, as the user meets it. The module keeps the real chunk's export names.
 */
export async function breakScreenChunk(page: Page, source: string) {
  await page.route(screenChunk(source), async (route) => {
    const original = await (await route.fetch()).text();
    const exported = [...original.matchAll(/export\s*\{([^}]*)\}/g)]
      .flatMap((match) => (match[1] ?? '').split(','))
      .map((part) => part.trim().split(/\s+as\s+/)[1] ?? part.trim())
      .filter(Boolean);
    const body = [
      'const broken = () => { throw new Error("e2e: this screen fails while rendering"); };',
      `export { ${exported.map((name) => `broken as ${name}`).join(', ')} };`,
    ].join('\n');
    await route.fulfill({ status: 200, contentType: 'text/javascript', body });
  });
}

/** The server answers with another build's id than the tab's: a new version is deployed. */
export async function announceNewBuild(page: Page) {
  await page.route('**/version.json', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '{"buildId":"newer"}' }),
  );
}

/**
 * The screen's code answers 503, as the overload protection or a proxy does, until `release()`;
 * the server's build is unchanged. `requests` counts the tries.
 */
export async function refuseScreenChunk(page: Page, source: string) {
  const state = { refusing: true, requests: 0 };
  await page.route(screenChunk(source), (route: Route) => {
    state.requests += 1;
    return state.refusing ? route.fulfill({ status: 503, body: 'Busy' }) : route.continue();
  });
  return {
    requests: () => state.requests,
    release: () => {
      state.refusing = false;
    },
  };
}
