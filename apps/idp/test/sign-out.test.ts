import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { normalizeHtml, type TestBrowser } from '@pp/testing';
import { idpEndedSessions } from '../src/db/schema.ts';
import { openSignIn, refresh, signIn } from './support/oauth.ts';
import { CLIENT_ID, DEMO_EMAIL, DEMO_PASSWORD, WEB_ORIGIN, useIdp } from './support/provider.ts';

const idp = useIdp();

async function confirmSignOut(browser: TestBrowser, html: string) {
  const action = /<form id="op.logoutForm" method="post" action="([^"]+)">/.exec(html)?.[1] ?? '';
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
  return browser.postForm(
    new URL(action, idp.running.issuer),
    { xsrf, logout: 'yes' },
    idp.running.issuer,
  );
}

/** The portal's sign-out request with this ID token as the hint, in the browser; the page. */
async function signOutPage(browser: TestBrowser, idToken: string | undefined) {
  const url = new URL('/session/end', idp.running.issuer);
  url.searchParams.set('id_token_hint', idToken ?? '');
  url.searchParams.set('post_logout_redirect_uri', `${WEB_ORIGIN}/`);
  url.searchParams.set('ui_locales', 'en');
  const response = await browser.get(url);
  expect(response.status).toBe(200);
  return normalizeHtml(await response.text());
}

const endedSession = (sid: string) =>
  idp.database.database.db
    .select()
    .from(idpEndedSessions)
    .where(eq(idpEndedSessions.sessionUid, sid));

function expectQuestion(html: string) {
  expect(html).toContain('Do you want to sign out?');
  expect(html).toContain('No, stay signed in');
  expect(html).not.toMatch(/<script/i);
  expect(html).not.toContain('name="logout" value="yes" form="op.logoutForm"');
}

describe('sign-out', () => {
  it("confirms the portal's own sign-out on our translated page, ends the session and returns", async () => {
    const tokens = await signIn(idp.running.issuer, DEMO_EMAIL, DEMO_PASSWORD);
    const { browser } = tokens;
    const url = new URL('/session/end', idp.running.issuer);
    url.searchParams.set('id_token_hint', tokens.id_token ?? '');
    url.searchParams.set('post_logout_redirect_uri', `${WEB_ORIGIN}/`);
    url.searchParams.set('client_id', CLIENT_ID);
    url.searchParams.set('ui_locales', 'en');
    const page = await browser.get(url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = normalizeHtml(await page.text());
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<h1>Sign out</h1>');
    expect(html).toContain('Signing you out');
    // Asked for by the portal with a valid id_token_hint: confirmed by the page's own script file
    // (a reception computer must really be signed out); the buttons stay for browsers without it.
    expect(html).toContain('<input type="hidden" name="logout" value="yes" form="op.logoutForm"/>');
    const script = /<script src="(\/assets\/idp-sign-out-[0-9a-f]{12}\.js)" defer><\/script>/.exec(
      html,
    );
    expect(script).not.toBeNull();
    const scriptResponse = await fetch(new URL(script?.[1] ?? '', idp.running.issuer));
    expect(scriptResponse.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await scriptResponse.text()).toContain(
      "getElementById('op.logoutForm')?.requestSubmit()",
    );
    expect(html).toContain('>Yes, sign out</button>');
    expect(html).not.toContain('No, stay signed in');

    const confirmed = await confirmSignOut(browser, html);
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe(`${WEB_ORIGIN}/`);

    const again = await openSignIn(browser, idp.running.issuer);
    expect(again.url.pathname).toMatch(/^\/interaction\//);
    expect((await refresh(idp.running.issuer, tokens.refresh_token ?? '')).status).toBe(400);
  });

  it('lists the ended session, so the api refuses its access tokens at once', async () => {
    const tokens = await signIn(idp.running.issuer, DEMO_EMAIL, DEMO_PASSWORD);
    const sid = String(decodeJwt(tokens.access_token)['sid']);
    const confirmed = await confirmSignOut(
      tokens.browser,
      await signOutPage(tokens.browser, tokens.id_token),
    );
    expect(confirmed.status).toBe(303);
    expect(await endedSession(sid)).toHaveLength(1);
  });

  it('lists nothing when the person stays signed in at the provider', async () => {
    const tokens = await signIn(idp.running.issuer, DEMO_EMAIL, DEMO_PASSWORD);
    const sid = String(decodeJwt(tokens.access_token)['sid']);
    // The portal's own request: the page would confirm by its script, the form alone does not.
    const html = await signOutPage(tokens.browser, tokens.id_token);
    const action = /<form id="op.logoutForm" method="post" action="([^"]+)">/.exec(html)?.[1];
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
    const stayed = await tokens.browser.postForm(
      new URL(action ?? '', idp.running.issuer),
      { xsrf },
      idp.running.issuer,
    );
    expect(stayed.status).toBe(303);
    // The provider session lives on under the same uid: a new sign-in there carries it again.
    expect(await endedSession(sid)).toEqual([]);
  });

  it('says so in German when there is no address to return to', async () => {
    const { browser } = await signIn(idp.running.issuer, DEMO_EMAIL, DEMO_PASSWORD);
    const page = await browser.get(new URL('/session/end', idp.running.issuer));
    const html = normalizeHtml(await page.text());
    expect(html).toContain('<h1>Abmelden</h1>');
    // Without the portal's hint nothing is confirmed for the user: the page asks.
    expect(html).toContain('Möchten Sie sich abmelden?');
    expect(html).not.toMatch(/<script/i);
    const confirmed = await confirmSignOut(browser, html);
    const { response } = await browser.follow(
      new URL(confirmed.headers.get('location') ?? '', idp.running.issuer),
      idp.running.issuer,
    );
    const done = normalizeHtml(await response.text());
    expect(done).toContain('<h1>Abgemeldet</h1>');
    expect(done).toContain(`<a href="${WEB_ORIGIN}/">Zurück zum Portal</a>`);
  });

  // Finding 3 of the security review: any hint of the portal confirmed the sign-out by itself, so
  // any site could sign a user out with one link and an ID token of anybody.
  it('asks when the hint is another person’s ID token', async () => {
    const anna = await signIn(idp.running.issuer, 'anna.sommer@example.com', DEMO_PASSWORD);
    const clara = await signIn(idp.running.issuer, DEMO_EMAIL, DEMO_PASSWORD);
    expectQuestion(await signOutPage(clara.browser, anna.id_token));
    // Clara's session is still there: her own hint confirms at once.
    expect(await signOutPage(clara.browser, clara.id_token)).toContain('Signing you out');
  });

  it('asks when the hint was issued before the session began', async () => {
    const earlier = await signIn(idp.running.issuer, DEMO_EMAIL, DEMO_PASSWORD);
    // `iat` and the session's login time are whole seconds.
    await sleep(1100);
    const current = await signIn(idp.running.issuer, DEMO_EMAIL, DEMO_PASSWORD);
    expectQuestion(await signOutPage(current.browser, earlier.id_token));
    expect(await signOutPage(current.browser, current.id_token)).toContain('Signing you out');
  });
});
