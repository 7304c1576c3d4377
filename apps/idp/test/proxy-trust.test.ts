import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { TestDatabase } from '@pp/database/testing';
import { normalizeHtml, TestBrowser } from '@pp/testing';
import { createAccount } from '../src/accounts/accounts.ts';
import { DEFAULT_THROTTLE, type ThrottlePolicy } from '../src/sessions/throttle.ts';
import { authorizeUrl, openSignIn, pkcePair, submitCredentials } from './support/oauth.ts';
import { createIdpTestDatabase, startIdp, type RunningIdp } from './support/provider.ts';

// Only the address counts here: the third failure from one address waits a second.
const POLICY: ThrottlePolicy = {
  account: { freeFailures: 100, baseDelaySeconds: 1, maxDelaySeconds: 1 },
  address: { freeFailures: 2, baseDelaySeconds: 1, maxDelaySeconds: 1 },
  accountCeiling: { failures: 100, holdMilliseconds: 1 },
  mailRequests: { freeFailures: 10, baseDelaySeconds: 1, maxDelaySeconds: 1 },
  secondFactorAccount: DEFAULT_THROTTLE.secondFactorAccount,
  windowSeconds: 60,
};
const WAIT = 'Please wait 1 second before you try again.';
const PUBLIC_SITE = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'idp.example.org' };

let database: TestDatabase;
/** The test's own peer (127.0.0.1) is the trusted proxy. */
let behindProxy: RunningIdp;
/** Trusts a proxy range the test's peer is not in. */
let elsewhere: RunningIdp;
/** The issuer `https://idp.example.org`, behind the test as its trusted proxy. */
let publicSite: RunningIdp;

beforeAll(async () => {
  database = await createIdpTestDatabase();
  behindProxy = await startIdp(database.database.db, { throttle: POLICY, trustProxy: '127.0.0.1' });
  elsewhere = await startIdp(database.database.db, { throttle: POLICY, trustProxy: '10.0.0.0/8' });
  publicSite = await startIdp(database.database.db, {
    issuer: 'https://idp.example.org',
    trustProxy: '127.0.0.1',
  });
});

afterAll(async () => {
  await behindProxy?.close();
  await elsewhere?.close();
  await publicSite?.close();
  await database?.drop();
});

/** A failed sign-in on a new account, sent with `forwardedFor`; the answer's page. */
async function failFrom(idp: RunningIdp, forwardedFor: string): Promise<string> {
  const email = `proxy-${crypto.randomUUID()}@example.com`;
  await createAccount(database.database.db, { email, password: 'Richtig-1', emailVerified: true });
  const browser = new TestBrowser('en', { 'x-forwarded-for': forwardedFor });
  const form = await openSignIn(browser, idp.issuer);
  const { response } = await submitCredentials(browser, idp.issuer, form, email, 'wrong');
  return normalizeHtml(await response.text());
}

describe('TRUST_PROXY as an address list', () => {
  it('counts failed sign-ins for the address a trusted proxy forwards', async () => {
    for (const client of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      expect(await failFrom(behindProxy, client)).not.toContain(WAIT);
    }
    await failFrom(behindProxy, '198.51.100.9');
    await failFrom(behindProxy, '198.51.100.9');
    expect(await failFrom(behindProxy, '198.51.100.9')).toContain(WAIT);
  });

  it('counts the address the trusted proxy saw, not what the client put in front of it', async () => {
    const pages = [];
    for (const spoofed of ['192.0.2.1', '192.0.2.2', '192.0.2.3']) {
      pages.push(await failFrom(behindProxy, `${spoofed}, 198.51.100.50`));
    }
    expect(pages.map((page) => page.includes(WAIT))).toEqual([false, false, true]);
  });

  it('ignores X-Forwarded-For from a peer that is not in the list', async () => {
    const pages = [];
    for (const spoofed of ['192.0.2.11', '192.0.2.12', '192.0.2.13']) {
      pages.push(await failFrom(elsewhere, spoofed));
    }
    // All three count for the peer itself.
    expect(pages.map((page) => page.includes(WAIT))).toEqual([false, false, true]);
  });
});

const Discovery = z.object({ issuer: z.string(), authorization_endpoint: z.string() });

async function discovery(idp: RunningIdp, headers: Record<string, string> = PUBLIC_SITE) {
  const url = new URL('/.well-known/openid-configuration', idp.url);
  const response = await fetch(url, { headers });
  return { status: response.status, body: await response.text() };
}

/** The cookies oidc-provider sets when an authorization request starts a sign-in. */
async function cookiesOfAuthorization(idp: RunningIdp): Promise<string[]> {
  const url = authorizeUrl(idp.url, {
    code_challenge: pkcePair().challenge,
    code_challenge_method: 'S256',
  });
  const response = await fetch(url, { headers: PUBLIC_SITE, redirect: 'manual' });
  expect(response.status).toBe(303);
  return response.headers.getSetCookie();
}

describe('the provider behind a proxy', () => {
  it('serves its issuer’s host as the trusted proxy forwards it, with the issuer’s URLs', async () => {
    const { status, body } = await discovery(publicSite);
    expect(status).toBe(200);
    const doc = Discovery.parse(JSON.parse(body));
    expect(doc.issuer).toBe('https://idp.example.org');
    expect(doc.authorization_endpoint).toBe('https://idp.example.org/auth');
  });

  it('refuses another host, also when the trusted proxy forwards it (decision 0023)', async () => {
    const forwarded = { ...PUBLIC_SITE, 'x-forwarded-host': 'evil.example' };
    const { status, body } = await discovery(publicSite, forwarded);
    expect(status).toBe(404);
    expect(body).not.toContain('evil.example');
    // The proxy's word counts, not the Host header it connected with.
    expect((await discovery(behindProxy)).status).toBe(404);
  });

  it('ignores them from any other peer', async () => {
    const doc = Discovery.parse(JSON.parse((await discovery(elsewhere)).body));
    expect(doc.authorization_endpoint).toBe(`${elsewhere.issuer}/auth`);
    const cookies = await cookiesOfAuthorization(elsewhere);
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie.toLowerCase()).not.toContain('; secure');
  });
});
