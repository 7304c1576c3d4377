import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** The pages' only stylesheet, served by the provider itself (no external fonts or files). */
export const STYLESHEET = readFileSync(new URL('./styles.css', import.meta.url));

const version = createHash('sha256').update(STYLESHEET).digest('hex').slice(0, 12);

/** Content-addressed, so it can be cached for a long time. */
export const STYLESHEET_PATH = `/assets/idp-${version}.css`;

/** Submits the sign-out form the portal asked for; the only script of the provider's pages. */
export const SIGN_OUT_SCRIPT = readFileSync(new URL('./sign-out.js', import.meta.url));

export const SIGN_OUT_SCRIPT_PATH = `/assets/idp-sign-out-${createHash('sha256')
  .update(SIGN_OUT_SCRIPT)
  .digest('hex')
  .slice(0, 12)}.js`;
