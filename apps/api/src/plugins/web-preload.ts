import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * `Link` headers of the app's page (issue 28, decision 0087): what the browser would otherwise
 * find only after running a script, asked for with the page itself.
 */

/** One chunk of Vite's build manifest (`dist/.vite/manifest.json`, apps/web/vite.config.ts). */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The app behind the light entry (apps/web/src/entry.ts imports it once there is a session). */
const APP_MODULE = 'src/main.tsx';
/** The page whose entry is loaded already when the app is imported. */
const ENTRY_PAGE = 'index.html';

/** The files a chunk loads before it runs: itself and its static imports, transitively. */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

/**
 * The app's scripts and stylesheets that are not part of the entry: what `import('./main.tsx')`
 * fetches (its own preload list), as absolute paths. Empty when the build has no such module.
 */
export function appFiles(manifest: Manifest): { scripts: string[]; styles: string[] } {
  const entry = staticClosure(manifest, ENTRY_PAGE);
  const chunks = [...staticClosure(manifest, APP_MODULE)].filter((key) => !entry.has(key));
  const scripts = chunks.map((key) => `/${manifest[key]!.file}`);
  const styles = chunks.flatMap((key) => (manifest[key]!.css ?? []).map((file) => `/${file}`));
  return { scripts, styles };
}

/** The provider's discovery document, as oidc-client-ts asks for it (`authority` + path). */
export function discoveryUrl(issuer: string): string {
  return `${issuer.endsWith('/') ? issuer : `${issuer}/`}.well-known/openid-configuration`;
}

/**
 * The provider's answer to a top-level sign-in (apps/web/src/lib/auth/sign-in-state.ts,
 * `isSignInCallback`): the redirect URI `/` with `state` and a code or an error.
 */
export function isSignInCallback(url: string): boolean {
  const parsed = new URL(url, 'http://portal');
  const params = parsed.searchParams;
  return (
    parsed.pathname === '/' && params.has('state') && (params.has('code') || params.has('error'))
  );
}

/**
 * The `Link` header values of an app page:
 * - every page that settles a session: a connection to the provider opened (for the redirect or
 *   hidden frame to its authorization endpoint, with credentials) and its discovery document
 *   fetched while the entry script loads (the script asks for it only once it runs);
 *   `crossorigin`, because oidc-client-ts fetches it without credentials;
 * - the provider's answer to a sign-in besides: the app itself (the entry imports it at once
 *   there), so that its chunks come with the entry instead of after it.
 */
export function pageLinks(
  issuer: string,
  portalOrigin: string,
  signInCallback: boolean,
  app: { scripts: string[]; styles: string[] } | undefined,
): string[] {
  const links: string[] = [];
  const provider = new URL(issuer).origin;
  if (provider !== portalOrigin) links.push(`<${provider}>; rel=preconnect`);
  links.push(`<${discoveryUrl(issuer)}>; rel=preload; as=fetch; crossorigin`);
  if (signInCallback && app) {
    for (const script of app.scripts) links.push(`<${script}>; rel=modulepreload`);
    // `crossorigin` as the app's loader asks for its stylesheets (Vite's preload sets it):
    // without it Chromium keeps the preloaded copy apart and downloads the file again.
    for (const style of app.styles) links.push(`<${style}>; rel=preload; as=style; crossorigin`);
  }
  return links;
}

/**
 * Reads the build's manifest once per build: `dist` may be rebuilt while the api runs (the file
 * server looks files up per request too). A build without one gives no app files.
 */
export function manifestReader(root: string): () => { scripts: string[]; styles: string[] } {
  const file = path.join(root, '.vite', 'manifest.json');
  let cached: { modified: number; files: { scripts: string[]; styles: string[] } } | undefined;
  return () => {
    const modified = statSync(file, { throwIfNoEntry: false })?.mtimeMs;
    if (modified === undefined) return { scripts: [], styles: [] };
    if (cached?.modified !== modified) {
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
      cached = { modified, files: appFiles(manifest) };
    }
    return cached.files;
  };
}
