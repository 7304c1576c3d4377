import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '@pp/database/testing';
import { authorizeUrl, pkcePair } from './support/oauth.ts';
import { createIdpTestDatabase, startIdp, type RunningIdp } from './support/provider.ts';
import { rawGet, setCookies } from './support/raw-request.ts';

const PUBLIC_HOST = 'idp.example.org';

let database: TestDatabase;
/** An https issuer behind a TLS proxy named by its address (the test's peer, 127.0.0.1). */
let behindTls: RunningIdp;
/** The development default: a loopback http issuer (here also trusting the test as a proxy). */
let development: RunningIdp;

beforeAll(async () => {
  database = await createIdpTestDatabase();
  behindTls = await startIdp(database.database.db, {
    issuer: `https://${PUBLIC_HOST}`,
    trustProxy: '127.0.0.1, 10.0.0.0/8',
  });
  development = await startIdp(database.database.db, { trustProxy: '127.0.0.1' });
});

afterAll(async () => {
  await behindTls?.close();
  await development?.close();
  await database?.drop();
});

/** The cookies of the authorization request (oidc-provider's) and of a form page (ours). */
async function cookiesOf(running: RunningIdp, headers: Record<string, string>) {
  const authorize = authorizeUrl(running.issuer, {
    code_challenge: pkcePair().challenge,
    code_challenge_method: 'S256',
  });
  const answers = [
    await rawGet(running.url, `${authorize.pathname}${authorize.search}`, headers),
    await rawGet(running.url, '/register', headers),
  ];
  for (const answer of answers) expect(answer.status).toBeLessThan(400);
  const cookies = answers.flatMap(setCookies);
  expect(cookies.length).toBeGreaterThanOrEqual(3);
  return cookies;
}

// Finding 9 of the security review: behind TLS, with TRUST_PROXY as an address list, the cookies
// lacked `Secure` whenever the proxy's scheme did not come through (decision 0024).
describe('the provider’s cookies', () => {
  it.each([
    ['says https', { 'x-forwarded-proto': 'https' }],
    ['says nothing about the scheme', {}],
    ['says http', { 'x-forwarded-proto': 'http' }],
  ])('carry Secure for an https issuer when the proxy %s', async (_case, scheme) => {
    const cookies = await cookiesOf(behindTls, {
      host: new URL(behindTls.url).host,
      'x-forwarded-host': PUBLIC_HOST,
      ...scheme,
    });
    for (const cookie of cookies) expect(cookie.toLowerCase()).toContain('; secure');
    expect(cookies.some((cookie) => cookie.startsWith('__Host-pp_idp_form='))).toBe(true);
  });

  it('carry Secure for an https issuer reached without a proxy', async () => {
    const cookies = await cookiesOf(behindTls, { host: PUBLIC_HOST });
    for (const cookie of cookies) expect(cookie.toLowerCase()).toContain('; secure');
  });

  it('do not carry Secure for a loopback http issuer, even when a proxy says https', async () => {
    const host = new URL(development.issuer).host;
    const cookies = await cookiesOf(development, {
      host,
      'x-forwarded-host': host,
      'x-forwarded-proto': 'https',
    });
    for (const cookie of cookies) expect(cookie.toLowerCase()).not.toContain('secure');
    expect(cookies.some((cookie) => cookie.startsWith('pp_idp_form='))).toBe(true);
  });
});
