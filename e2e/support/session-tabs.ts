import { expect, type Page, type Request } from '@playwright/test';

/**
 * The provider's sign-in requests a page makes itself (top-level navigations to `/auth`, not the
 * hidden frame's), in order; the portal's parameters for the provider's pages are on them.
 */
export function recordSignInRequests(page: Page, issuer: string): URL[] {
  const seen: URL[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (
      url.origin === issuer &&
      url.pathname === '/auth' &&
      request.isNavigationRequest() &&
      request.frame() === page.mainFrame()
    ) {
      seen.push(url);
    }
  });
  return seen;
}

/** The last recorded sign-in request, once there is one. */
export async function lastSignInRequest(seen: URL[]): Promise<URL> {
  await expect.poll(() => seen.length).toBeGreaterThan(0);
  const last = seen.at(-1);
  if (!last) throw new Error('no sign-in request');
  return last;
}

/** The provider's notice after a sign-out, as the provider's page words it. */
export const SIGNED_OUT_NOTICE = {
  de: { 'signed-out': /Sie wurden abgemeldet/, idle: /Sie wurden wegen Inaktivität abgemeldet/ },
  en: {
    'signed-out': /You have been signed out(?! due)/,
    idle: /You have been signed out due to inactivity/,
  },
} as const;

/** Any of the notices: a later visit must show none. */
export const ANY_SIGNED_OUT_NOTICE =
  /Sie wurden (wegen Inaktivität )?abgemeldet|You have been signed out/;
