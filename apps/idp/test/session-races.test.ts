import { AsyncResource } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { errors, type AdapterPayload } from 'oidc-provider';
import { normalizeHtml, type TestBrowser } from '@pp/testing';
import { createPayloadAdapter } from '../src/provider/adapter.ts';
import { inPayloadScope } from '../src/provider/payload-versions.ts';
import { authorizeUrl, pkcePair, signIn } from './support/oauth.ts';
import { DEMO_EMAIL, DEMO_PASSWORD, WEB_ORIGIN, useIdp } from './support/provider.ts';

const idp = useIdp();

/**
 * One request to the provider: its steps run in its own scope, as a request's do, so two
 * requests' steps can be interleaved in a chosen order.
 */
function request() {
  const scope = inPayloadScope(() => new AsyncResource('test-request'));
  return <T>(step: () => Promise<T>): Promise<T> => scope.runInAsyncScope(step);
}

const epochNow = () => Math.floor(Date.now() / 1000);

describe('two requests saving one session (issue 23, race 2)', () => {
  const sessions = () => createPayloadAdapter(idp.database.database.db, 30)('Session');

  /** A stored session, as a sign-in left it. */
  async function storedSession(): Promise<{ id: string; payload: AdapterPayload }> {
    const id = randomUUID();
    const payload: AdapterPayload = {
      jti: id,
      kind: 'Session',
      uid: randomUUID(),
      accountId: randomUUID(),
      loginTs: epochNow(),
      iat: epochNow(),
      exp: epochNow() + 600,
    };
    await sessions().upsert(id, payload, 600);
    return { id, payload };
  }

  it("a renewal that read the session before the sign-out page saved it keeps the page's check", async () => {
    const { id } = await storedSession();
    const signOutPage = request();
    const renewal = request();
    const forPage = await signOutPage(() => sessions().find(id));
    const forRenewal = await renewal(() => sessions().find(id));
    // The sign-out page stores the secret its confirmation must bring back …
    await signOutPage(() =>
      sessions().upsert(id, { ...forPage, state: { secret: 'xsrf' }, exp: epochNow() + 600 }, 600),
    );
    // … and the renewal saves the session as it read it, only with a later expiry.
    await renewal(() => sessions().upsert(id, { ...forRenewal, exp: epochNow() + 601 }, 601));
    expect(await sessions().find(id)).toMatchObject({ state: { secret: 'xsrf' } });
  });

  it('a session ended in between stays ended', async () => {
    const { id } = await storedSession();
    const signOut = request();
    const renewal = request();
    await signOut(() => sessions().find(id));
    const forRenewal = await renewal(() => sessions().find(id));
    await signOut(() => sessions().destroy(id));
    await renewal(() => sessions().upsert(id, { ...forRenewal, exp: epochNow() + 600 }, 600));
    expect(await sessions().find(id)).toBeUndefined();
  });

  it("a change over another request's change of the same field fails; the newer stays", async () => {
    const { id } = await storedSession();
    const first = request();
    const second = request();
    const forFirst = await first(() => sessions().find(id));
    const forSecond = await second(() => sessions().find(id));
    await first(() => sessions().upsert(id, { ...forFirst, state: { secret: 'first' } }, 600));
    await expect(
      second(() => sessions().upsert(id, { ...forSecond, state: { secret: 'second' } }, 600)),
    ).rejects.toBeInstanceOf(errors.InvalidRequest);
    expect(await sessions().find(id)).toMatchObject({ state: { secret: 'first' } });
  });

  it("different fields of both requests are kept, and a request's second save builds on its first", async () => {
    const { id, payload } = await storedSession();
    const first = request();
    const second = request();
    const forFirst = await first(() => sessions().find(id));
    const forSecond = await second(() => sessions().find(id));
    await first(() => sessions().upsert(id, { ...forFirst, state: { secret: 'first' } }, 600));
    await second(() => sessions().upsert(id, { ...forSecond, acr: 'second' }, 600));
    await second(() => sessions().upsert(id, { ...forSecond, acr: 'second', amr: ['pwd'] }, 600));
    expect(await sessions().find(id)).toMatchObject({
      accountId: payload.accountId,
      state: { secret: 'first' },
      acr: 'second',
      amr: ['pwd'],
    });
  });
});

describe('a browser signing out while its tabs renew their tokens (issue 23, race 2)', () => {
  /** A silent renewal (`prompt=none`) as the portal's hidden frame asks for it. */
  function renew(browser: TestBrowser) {
    return browser.get(
      authorizeUrl(idp.running.issuer, {
        code_challenge: pkcePair().challenge,
        code_challenge_method: 'S256',
        prompt: 'none',
      }),
    );
  }

  async function renewedCode(browser: TestBrowser): Promise<URL> {
    const response = await renew(browser);
    expect(response.status).toBe(303);
    return new URL(response.headers.get('location') ?? '');
  }

  it('every renewal gets a code, and the sign-out in the middle of them ends the session', async () => {
    const tokens = await signIn(idp.running.issuer, DEMO_EMAIL, DEMO_PASSWORD);
    const { browser } = tokens;
    const signOut = new URL('/session/end', idp.running.issuer);
    signOut.searchParams.set('id_token_hint', tokens.id_token ?? '');
    signOut.searchParams.set('post_logout_redirect_uri', `${WEB_ORIGIN}/`);
    const [page, ...renewals] = await Promise.all([
      browser.get(signOut),
      ...Array.from({ length: 4 }, () => renewedCode(browser)),
    ]);
    for (const renewed of renewals) expect(renewed.search).toContain('code=');
    expect(page.status).toBe(200);

    const html = normalizeHtml(await page.text());
    const action = /<form id="op.logoutForm" method="post" action="([^"]+)">/.exec(html)?.[1];
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1];
    const confirmed = await browser.postForm(
      new URL(action ?? '', idp.running.issuer),
      { xsrf: xsrf ?? '', logout: 'yes' },
      idp.running.issuer,
    );
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe(`${WEB_ORIGIN}/`);
    expect((await renewedCode(browser)).searchParams.get('error')).toBe('login_required');
  });
});
