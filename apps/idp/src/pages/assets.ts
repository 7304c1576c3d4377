import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder of the files below; only they are served from it, never its sources. */
export const ASSETS_DIR = fileURLToPath(new URL('.', import.meta.url));

/** Content-addressed, so a file can be cached for a long time (`file`: here, or absolute). */
function assetPath(file: string, name: string, extension: string): string {
  const content = readFileSync(new URL(file, import.meta.url));
  const version = createHash('sha256').update(content).digest('hex').slice(0, 12);
  return `/assets/${name}-${version}.${extension}`;
}

/**
 * The pages' only stylesheet (no external fonts or files): served by the provider itself as a
 * file (the portal's newsletter pages link it), and written into the provider's own pages.
 */
export const STYLESHEET_PATH = assetPath('styles.css', 'idp', 'css');

/**
 * The stylesheet as the provider's pages carry it in a `<style>` element (issue 28, decision
 * 0087): the sign-in page, the first page most visitors see, waits for no second request before
 * it paints. Without its comments and indentation: about 5 KB, under 2 KB compressed.
 */
export const INLINE_STYLES = readFileSync(new URL('styles.css', import.meta.url), 'utf8')
  .replace(/\/\*[\s\S]*?\*\//g, '')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line !== '')
  .join('\n');

/** The Content-Security-Policy source that allows {@link INLINE_STYLES} and no other inline style. */
export const INLINE_STYLES_SOURCE = `'sha256-${createHash('sha256').update(INLINE_STYLES).digest('base64')}'`;

/** Submits the sign-out form the portal asked for; the only script of the provider's pages. */
export const SIGN_OUT_SCRIPT_PATH = assetPath('sign-out.js', 'idp-sign-out', 'js');

/** Copies the recovery codes to the clipboard (the second factor's pages, decision 0064). */
export const SECOND_FACTOR_SCRIPT_PATH = assetPath('second-factor.js', 'idp-second-factor', 'js');

/**
 * @simplewebauthn/browser's own bundle (it defines `SimpleWebAuthnBrowser`), served as it is
 * shipped: the passkey pages' ceremonies (decision 0071).
 */
const WEBAUTHN_BUNDLE = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@simplewebauthn/browser')),
  '../dist/bundle/index.umd.min.js',
);
export const WEBAUTHN_SCRIPT_PATH = assetPath(WEBAUTHN_BUNDLE, 'simplewebauthn-browser', 'js');

/** Runs the passkey ceremonies of the sign-in page and the passkey pages (decision 0071). */
export const PASSKEY_SCRIPT_PATH = assetPath('passkeys.js', 'idp-passkeys', 'js');

/** Each served path and its file in {@link ASSETS_DIR} (or, for the library's bundle, its own path). */
export const ASSET_FILES: Readonly<Record<string, string>> = {
  [STYLESHEET_PATH]: 'styles.css',
  [SIGN_OUT_SCRIPT_PATH]: 'sign-out.js',
  [SECOND_FACTOR_SCRIPT_PATH]: 'second-factor.js',
  [WEBAUTHN_SCRIPT_PATH]: WEBAUTHN_BUNDLE,
  [PASSKEY_SCRIPT_PATH]: 'passkeys.js',
};
