import { z } from 'zod';

/**
 * What a sign-in request carries through the provider and back. oidc-client-ts keeps it with the
 * request's state in sessionStorage and hands it back with the answer, so the portal needs no
 * storage of its own to know where to return to and how far the attempt has got.
 */
export const SignInStateSchema = z.object({
  /** Path, query and hash the visitor asked for; always of our own origin. */
  returnTo: z.string().regex(/^\/(?!\/)/),
  /** `prompt-none`: a top-level check of the provider session; `interactive`: the sign-in page. */
  step: z.enum(['prompt-none', 'interactive']),
  /** Started by a 401 from the api: another refusal right after must not start another round. */
  forced: z.boolean().optional(),
});
export type SignInState = z.infer<typeof SignInStateSchema>;

export function parseSignInState(value: unknown): SignInState | undefined {
  const parsed = SignInStateSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
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
