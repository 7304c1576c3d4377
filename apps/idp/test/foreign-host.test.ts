import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { authorizeUrl, pkcePair } from './support/oauth.ts';
import { useIdp } from './support/provider.ts';
import { rawGet } from './support/raw-request.ts';

const idp = useIdp();

function authorizePath(): string {
  const url = authorizeUrl(idp.running.issuer, {
    code_challenge: pkcePair().challenge,
    code_challenge_method: 'S256',
  });
  return `${url.pathname}${url.search}`;
}

const PATHS = () => [
  '/.well-known/openid-configuration',
  authorizePath(),
  '/jwks',
  '/session/end',
  '/register',
  '/forgot-password?lang=en',
  '/interaction/abc',
  '/no-such-page',
];

// Finding 7 of the security review: the discovery document built its URLs from the Host header.
describe('a request for another host than the issuer’s', () => {
  it.each(['evil.example', 'evil.example:443', '127.0.0.2'])(
    'Host: %s is answered 404 with our page, never with URLs of that host',
    async (host) => {
      for (const path of PATHS()) {
        const answer = await rawGet(idp.running.url, path, { host, 'accept-language': 'en' });
        expect(answer.status, path).toBe(404);
        expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(answer.body).toContain('This page does not exist.');
        expect(answer.body).not.toContain(host.split(':')[0]);
        expect(answer.headers['location']).toBeUndefined();
        expect(answer.headers['set-cookie']).toBeUndefined();
      }
    },
  );

  it('also for another port, or another name of the same machine', async () => {
    const { hostname, port } = new URL(idp.running.issuer);
    for (const host of [`${hostname}:1`, `localhost:${port}`]) {
      expect((await rawGet(idp.running.url, '/jwks', { host })).status).toBe(404);
    }
  });

  it('the issuer’s own host is served, and the document names the issuer only', async () => {
    const host = new URL(idp.running.issuer).host;
    const answer = await rawGet(idp.running.url, '/.well-known/openid-configuration', { host });
    expect(answer.status).toBe(200);
    const doc = z.record(z.string(), z.unknown()).parse(JSON.parse(answer.body));
    const urls = Object.values(doc).filter(
      (value): value is string => typeof value === 'string' && /^https?:/.test(value),
    );
    expect(urls.length).toBeGreaterThan(5);
    for (const url of urls) expect(new URL(url).origin).toBe(idp.running.issuer);
  });
});
