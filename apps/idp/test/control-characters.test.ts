import { describe, expect, it } from 'vitest';
import { normalizeHtml, TestBrowser } from '@pp/testing';
import { authorizeUrl, pkcePair, signIn, tokenRequest } from './support/oauth.ts';
import { CLIENT_ID, DEMO_EMAIL, DEMO_PASSWORD, useIdp, WEB_ORIGIN } from './support/provider.ts';

const idp = useIdp();
const CONTROL = ['\u0000', '\u0007', '\u001b', '\u0085', '\u2028'];
const REFUSED = 'Your input contains characters that are not allowed.';

function serverErrors() {
  return idp.running.logger.entries.filter((entry) => entry.level === 'error');
}

// Finding 4 of the security review: a NUL byte reached a query and answered 500. Nothing with a
// control character reaches the database; the request answers 400.
describe('control characters in the provider’s requests', () => {
  it.each(['login_hint', 'state', 'nonce', 'ui_locales'])(
    'an authorization request with one in %s gets the 400 page',
    async (name) => {
      for (const character of CONTROL) {
        const url = authorizeUrl(idp.running.issuer, {
          code_challenge: pkcePair().challenge,
          code_challenge_method: 'S256',
          [name]: `de${character}`,
        });
        const response = await new TestBrowser('en').get(url);
        expect(response.status).toBe(400);
        expect(normalizeHtml(await response.text())).toContain(REFUSED);
      }
      expect(serverErrors()).toEqual([]);
    },
  );

  it('a sign-out request with one gets the 400 page', async () => {
    const { browser, id_token } = await signIn(idp.running.issuer, DEMO_EMAIL, DEMO_PASSWORD);
    const url = new URL('/session/end', idp.running.issuer);
    url.search = new URLSearchParams({
      id_token_hint: id_token ?? '',
      post_logout_redirect_uri: `${WEB_ORIGIN}/`,
      state: 'x\u0000',
    }).toString();
    expect((await browser.get(url)).status).toBe(400);
    const posted = await browser.postForm(
      new URL('/session/end/confirm', idp.running.issuer),
      { xsrf: 'x\u0000', logout: 'yes\u0000' },
      idp.running.issuer,
    );
    expect(posted.status).toBe(400);
    expect(serverErrors()).toEqual([]);
  });

  it('a token or revocation request with one is refused as a bad request', async () => {
    const forms: Record<string, string>[] = [
      {
        grant_type: 'authorization_code',
        code: `abc\u0000`,
        code_verifier: 'v'.repeat(43),
        redirect_uri: `${WEB_ORIGIN}/`,
      },
      { grant_type: 'refresh_token', refresh_token: `abc\u0000` },
    ];
    for (const form of forms) {
      expect((await tokenRequest(idp.running.issuer, form)).status).toBe(400);
    }
    const revocation = await fetch(new URL('/token/revocation', idp.running.issuer), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: CLIENT_ID, token: 'abc\u0000' }),
    });
    expect(revocation.status).toBe(400);
    expect(serverErrors()).toEqual([]);
  });
});
