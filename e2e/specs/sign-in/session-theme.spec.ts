import { expect, test } from '../../support/fixtures.ts';
import { lastSignInRequest, recordSignInRequests } from '../../support/session-tabs.ts';
import { signInForm } from '../../support/sign-in.ts';

// Every sign-in request tells the provider the colour scheme the portal shows (`pp_theme`), so
// its pages look like the portal's (decision 0038).

const CASES = [
  { stored: 'dark', system: 'light', expected: 'dark' },
  { stored: 'light', system: 'dark', expected: 'light' },
  { stored: 'auto', system: 'dark', expected: 'dark' },
  { stored: null, system: 'dark', expected: 'dark' },
  { stored: null, system: 'light', expected: 'light' },
] as const;

for (const { stored, system, expected } of CASES) {
  test(`the portal's choice ${String(stored)} with a ${system} system asks for the ${expected} theme`, async ({
    page,
    portal,
  }) => {
    await page.emulateMedia({ colorScheme: system });
    if (stored) {
      await page.addInitScript(
        ({ origin, scheme }) => {
          if (window.location.origin === origin) {
            window.localStorage.setItem('pp.color-scheme', scheme);
          }
        },
        { origin: portal.url, scheme: stored },
      );
    }
    const signIns = recordSignInRequests(page, portal.issuer);
    const framed: URL[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (
        url.origin === portal.issuer &&
        url.pathname === '/auth' &&
        request.frame() !== page.mainFrame()
      ) {
        framed.push(url);
      }
    });

    await page.goto(`${portal.url}/dashboard`);
    await expect(signInForm(page).password).toBeVisible();

    expect((await lastSignInRequest(signIns)).searchParams.get('pp_theme')).toBe(expected);
    // The hidden frame's check asks with it too: every authorize request carries it.
    expect(framed.map((url) => url.searchParams.get('pp_theme'))).toEqual([expected]);
  });
}
