import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The folder of the files below; only they are served from it, never its sources. */
export const ASSETS_DIR = fileURLToPath(new URL('.', import.meta.url));

/** Content-addressed, so a file can be cached for a long time. */
function assetPath(file: string, name: string, extension: string): string {
  const content = readFileSync(new URL(file, import.meta.url));
  const version = createHash('sha256').update(content).digest('hex').slice(0, 12);
  return `/assets/${name}-${version}.${extension}`;
}

/** The pages' only stylesheet, served by the provider itself (no external fonts or files). */
export const STYLESHEET_PATH = assetPath('styles.css', 'idp', 'css');

/** Submits the sign-out form the portal asked for; the only script of the provider's pages. */
export const SIGN_OUT_SCRIPT_PATH = assetPath('sign-out.js', 'idp-sign-out', 'js');

/** Copies the recovery codes to the clipboard (the second factor's pages, decision 0064). */
export const SECOND_FACTOR_SCRIPT_PATH = assetPath('second-factor.js', 'idp-second-factor', 'js');

/** Each served path and its file in {@link ASSETS_DIR}. */
export const ASSET_FILES: Readonly<Record<string, string>> = {
  [STYLESHEET_PATH]: 'styles.css',
  [SIGN_OUT_SCRIPT_PATH]: 'sign-out.js',
  [SECOND_FACTOR_SCRIPT_PATH]: 'second-factor.js',
};
