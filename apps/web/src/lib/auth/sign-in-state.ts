/**
 * What a sign-in request carries through the provider and back. oidc-client-ts keeps it with the
 * request's state in sessionStorage and hands it back with the answer, so the portal needs no
 * storage of its own to know where to return to and how far the attempt has got. Checked by hand:
 * this is part of the first visit's light entry (decision 0034).
 */
export interface SignInState {
  /** Path, query and hash the visitor asked for; always of our own origin. */
  returnTo: string;
  /** `prompt-none`: a top-level check of the provider session; `interactive`: the sign-in page. */
  step: 'prompt-none' | 'interactive';
  /** Started by a 401 from the api: another refusal right after must not start another round. */
  forced?: boolean;
}

const OWN_PATH = /^\/(?!\/)/;
const STEPS: readonly unknown[] = ['prompt-none', 'interactive'];

export function parseSignInState(value: unknown): SignInState | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { returnTo, step, forced } = value as Record<string, unknown>;
  if (typeof returnTo !== 'string' || !OWN_PATH.test(returnTo) || !STEPS.includes(step)) {
    return undefined;
  }
  if (forced !== undefined && typeof forced !== 'boolean') return undefined;
  return {
    returnTo,
    step: step as SignInState['step'],
    ...(forced === undefined ? {} : { forced }),
  };
}

/** Where the visitor is now: path, query and hash. */
export function currentLocation(location: Location = window.location): string {
  return `${location.pathname}${location.search}${location.hash}`;
}

/** The provider's answer to a top-level sign-in: the redirect URI (`/`) with `state` and a code or error. */
export function isSignInCallback(url: URL): boolean {
  const params = url.searchParams;
  return url.pathname === '/' && params.has('state') && (params.has('code') || params.has('error'));
}

/**
 * The provider's return after a sign-out: the post-logout redirect URI (`/`) with only the `state`
 * of the end-session request, which carries why the user was signed out.
 */
export function isSignOutCallback(url: URL): boolean {
  const params = url.searchParams;
  return url.pathname === '/' && params.has('state') && !params.has('code') && !params.has('error');
}

/** Errors of a `prompt=none` request that mean "the provider wants to see the user". */
const INTERACTION_NEEDED = new Set([
  'login_required',
  'interaction_required',
  'consent_required',
  'account_selection_required',
]);

export function needsInteraction(error: string): boolean {
  return INTERACTION_NEEDED.has(error);
}
