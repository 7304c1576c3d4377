import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { normalizeHtml, TestBrowser } from '@pp/testing';
import {
  authorizeUrl,
  exchangeCode,
  openSignIn,
  pkcePair,
  signIn,
  submitCredentials,
} from './support/oauth.ts';
import {
  API_SCOPE,
  AUDIENCE,
  CLIENT_ID,
  DEMO_EMAIL,
  DEMO_PASSWORD,
  WEB_ORIGIN,
  useIdp,
} from './support/provider.ts';

const idp = useIdp();

describe('authorization code flow with PKCE', () => {
  it('signs in through our page and issues a JWT access token for the api and an ID token', async () => {
    const browser = new TestBrowser();
    const form = await openSignIn(browser, idp.running.issuer);
    expect(form.status).toBe(200);
    expect(form.url.pathname).toMatch(/^\/interaction\//);

    const { response, callback } = await submitCredentials(
      browser,
      idp.running.issuer,
      form,
      DEMO_EMAIL,
      DEMO_PASSWORD,
    );
    expect(response.status).toBe(303);
    expect(callback?.origin).toBe(WEB_ORIGIN);
    expect(callback?.pathname).toBe('/');
    expect(callback?.searchParams.get('state')).toBe(form.state);
    expect(callback?.searchParams.get('iss')).toBe(idp.running.issuer);
    const code = callback?.searchParams.get('code') ?? '';

    const tokens = await exchangeCode(idp.running.issuer, code, form.verifier);
    expect(tokens.token_type).toBe('Bearer');
    expect(tokens.expires_in).toBeLessThanOrEqual(600);
    expect(tokens.refresh_token).toBeTruthy();

    const jwks = createRemoteJWKSet(new URL('/jwks', idp.running.issuer));
    expect(decodeProtectedHeader(tokens.access_token).typ).toBe('at+jwt');
    const { payload } = await jwtVerify(tokens.access_token, jwks, {
      issuer: idp.running.issuer,
      audience: AUDIENCE,
      typ: 'at+jwt',
    });
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBeLessThanOrEqual(600);
    expect(payload.email).toBe(DEMO_EMAIL);
    expect(payload.email_verified).toBe(true);
    expect(String(payload.scope).split(' ')).toContain(API_SCOPE);
    expect(payload.client_id).toBe(CLIENT_ID);
    expect(payload.sub).toMatch(/^[0-9a-f-]{36}$/);

    const idToken = await jwtVerify(tokens.id_token ?? '', jwks, {
      issuer: idp.running.issuer,
      audience: CLIENT_ID,
    });
    expect(idToken.payload.sub).toBe(payload.sub);
    expect(decodeProtectedHeader(tokens.id_token ?? '').typ).not.toBe('at+jwt');
  });

  it('also accepts the api audience named as resource in both requests', async () => {
    const tokens = await signIn(idp.running.issuer, DEMO_EMAIL, DEMO_PASSWORD, new TestBrowser(), {
      resource: AUDIENCE,
    });
    const jwks = createRemoteJWKSet(new URL('/jwks', idp.running.issuer));
    await expect(
      jwtVerify(tokens.access_token, jwks, { audience: AUDIENCE }),
    ).resolves.toBeTruthy();
  });

  it('never shows a consent page to the portal, even when the request asks for one', async () => {
    const { browser } = await signIn(idp.running.issuer, DEMO_EMAIL, DEMO_PASSWORD);
    const { challenge } = pkcePair();
    const { url } = await browser.follow(
      authorizeUrl(idp.running.issuer, {
        prompt: 'consent',
        code_challenge: challenge,
        code_challenge_method: 'S256',
      }),
      idp.running.issuer,
    );
    expect(url.origin).toBe(WEB_ORIGIN);
    expect(url.searchParams.get('code')).toBeTruthy();
  });

  it('refuses an authorization request without a PKCE challenge', async () => {
    const response = await fetch(authorizeUrl(idp.running.issuer, {}), { redirect: 'manual' });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location') ?? '');
    expect(location.origin).toBe(WEB_ORIGIN);
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('error_description')).toMatch(/PKCE/);
  });

  it('refuses the plain PKCE method', async () => {
    const { verifier } = pkcePair();
    const response = await fetch(
      authorizeUrl(idp.running.issuer, {
        code_challenge: verifier,
        code_challenge_method: 'plain',
      }),
      { redirect: 'manual' },
    );
    const location = new URL(response.headers.get('location') ?? '');
    expect(location.searchParams.get('error')).toBe('invalid_request');
  });

  it('refuses a redirect URI that is not registered exactly, without redirecting', async () => {
    const { challenge } = pkcePair();
    for (const redirect of [`${WEB_ORIGIN}/evil`, 'https://evil.example/', `${WEB_ORIGIN}`]) {
      const response = await fetch(
        authorizeUrl(idp.running.issuer, {
          redirect_uri: redirect,
          code_challenge: challenge,
          code_challenge_method: 'S256',
        }),
        { redirect: 'manual', headers: { 'accept-language': 'en' } },
      );
      expect(response.status).toBe(400);
      expect(response.headers.get('location')).toBeNull();
      const html = normalizeHtml(await response.text());
      expect(html).toContain('<h1>Sign-in not possible</h1>');
      expect(html).toContain('invalid_redirect_uri');
    }
  });

  it('refuses a code exchanged without the right verifier', async () => {
    const browser = new TestBrowser();
    const form = await openSignIn(browser, idp.running.issuer);
    const { callback } = await submitCredentials(
      browser,
      idp.running.issuer,
      form,
      DEMO_EMAIL,
      DEMO_PASSWORD,
    );
    const code = callback?.searchParams.get('code') ?? '';
    await expect(exchangeCode(idp.running.issuer, code, pkcePair().verifier)).rejects.toThrow(
      /invalid_grant/,
    );
  });

  it('logs neither e-mail addresses nor passwords nor tokens', () => {
    const logged = JSON.stringify(idp.running.logger.entries);
    expect(idp.running.logger.entries.length).toBeGreaterThan(0);
    expect(logged).not.toContain('@example.com');
    expect(logged).not.toContain(DEMO_PASSWORD);
    expect(logged).not.toMatch(/eyJ[\w-]+\.eyJ/);
  });
});
