import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { TestBrowser } from '@pp/testing';
import { idpEndedSessions, idpPayloads } from '../src/db/schema.ts';
import {
  authorizeUrl,
  openSignIn,
  pkcePair,
  refresh,
  signIn,
  TokenResponse,
} from './support/oauth.ts';
import { DEMO_EMAIL, DEMO_PASSWORD, useIdp } from './support/provider.ts';

const idp = useIdp();

async function refreshed(token: string) {
  const response = await refresh(idp.running.issuer, token);
  expect(response.status).toBe(200);
  return TokenResponse.parse(await response.json());
}

describe('refresh tokens', () => {
  it('are rotated on every use and keep the first token’s absolute expiry (≤ 8 h)', async () => {
    const first = await signIn(idp.running.issuer, DEMO_EMAIL, DEMO_PASSWORD);
    const second = await refreshed(first.refresh_token ?? '');
    expect(second.refresh_token).toBeTruthy();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.id_token).toBeTruthy();
    const third = await refreshed(second.refresh_token ?? '');
    expect(third.refresh_token).not.toBe(second.refresh_token);

    const stored = await idp.database.database.db
      .select({ expiresAt: idpPayloads.expiresAt })
      .from(idpPayloads)
      .where(eq(idpPayloads.model, 'RefreshToken'));
    expect(stored.length).toBe(3);
    const expiries = stored.map(({ expiresAt }) => expiresAt?.getTime() ?? Infinity);
    expect(Math.max(...expiries) - Math.min(...expiries)).toBeLessThan(5000);
    for (const { expiresAt } of stored) {
      expect((expiresAt?.getTime() ?? Infinity) - Date.now()).toBeLessThanOrEqual(8 * 3600 * 1000);
    }
  });

  it('used twice is refused, revokes the grant (the rotated token fails too) and ends the session', async () => {
    const browser = new TestBrowser();
    const first = await signIn(idp.running.issuer, DEMO_EMAIL, DEMO_PASSWORD, browser);
    const second = await refreshed(first.refresh_token ?? '');
    // While the session lives, the browser is signed in without a page.
    const silent = await browser.follow(
      authorizeUrl(idp.running.issuer, {
        code_challenge: pkcePair().challenge,
        code_challenge_method: 'S256',
        prompt: 'none',
      }),
      idp.running.issuer,
    );
    expect(silent.url.searchParams.get('code')).toBeTruthy();

    const reuse = await refresh(idp.running.issuer, first.refresh_token ?? '');
    expect(reuse.status).toBe(400);
    expect(await reuse.json()).toMatchObject({ error: 'invalid_grant' });

    const rotated = await refresh(idp.running.issuer, second.refresh_token ?? '');
    expect(rotated.status).toBe(400);
    expect(await rotated.json()).toMatchObject({ error: 'invalid_grant' });

    // The provider session is gone too: the browser is asked to sign in again.
    const form = await openSignIn(browser, idp.running.issuer);
    expect(form.url.pathname).toMatch(/^\/interaction\//);
    expect(form.html).toContain('autocomplete="current-password"');
    expect(idp.running.logger.entries.map((e) => e.msg)).toContain(
      'refresh token reused: grant revoked and provider session ended',
    );
    // Listed as ended before the refusal answered: the api refuses its access tokens now.
    const ended = await idp.database.database.db
      .select()
      .from(idpEndedSessions)
      .where(eq(idpEndedSessions.sessionUid, String(decodeJwt(second.access_token)['sid'])));
    expect(ended).toHaveLength(1);
  });

  it('are refused for another client origin (CORS for the portal only)', async () => {
    const tokens = await signIn(idp.running.issuer, DEMO_EMAIL, DEMO_PASSWORD);
    const foreign = await fetch(new URL('/token', idp.running.issuer), {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://evil.example',
      },
      body: new URLSearchParams({
        client_id: 'practice-portal-web',
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token ?? '',
      }),
    });
    expect(foreign.status).toBe(400);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();

    const own = await refresh(idp.running.issuer, tokens.refresh_token ?? '');
    expect(own.status).toBe(200);
    expect(own.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
  });
});
