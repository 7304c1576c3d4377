// Part of the first visit's light entry (decision 0034): what the provider's pages are told about
// the portal (decision 0038), read from the same keys as public/color-scheme.js and the theme.

const COLOR_SCHEME_KEY = 'pp.color-scheme';

/**
 * Why a tab is on its way to the sign-in page: the provider's page says so. `ended-elsewhere`:
 * the api refused the token because its session was ended (on another device, or by a new
 * password).
 */
export type SignOutReason = 'signed-out' | 'idle' | 'account-deleted' | 'ended-elsewhere';

/** The colour scheme the portal shows: the stored choice, else (`auto`) the system's. */
export function shownColorScheme(): 'light' | 'dark' {
  try {
    const stored = window.localStorage.getItem(COLOR_SCHEME_KEY);
    if (stored === 'light' || stored === 'dark') return stored;
  } catch {
    // Storage may be blocked: the system's preference decides, as for `auto`.
  }
  return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/**
 * The portal's own parameters of an authorize request: `pp_theme` always, so the provider's pages
 * look like the portal; `pp_notice` on the interactive request that follows a sign-out.
 */
export function providerPageParameters(notice?: SignOutReason): Record<string, string> {
  return { pp_theme: shownColorScheme(), ...(notice ? { pp_notice: notice } : {}) };
}
