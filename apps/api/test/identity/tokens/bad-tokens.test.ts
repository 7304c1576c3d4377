import { createPublicKey, type JsonWebKey } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { calls } from '@pp/contract';
import { useApi } from '../../support/context.ts';
import { demo } from '../../support/demo.ts';
import { expectProblem } from '../../support/expect-problem.ts';
import type { TestIssuer } from '../../support/issuer.ts';

const INVALID_TOKEN = /^Bearer realm="practice-portal", error="invalid_token"$/;
const now = () => Math.floor(Date.now() / 1000);
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Header and claims of a token the api would accept, to build forgeries from. */
function validParts(issuer: TestIssuer) {
  const header = { alg: 'RS256', typ: 'at+jwt', kid: issuer.publicJwk.kid };
  const claims = {
    iss: issuer.issuer,
    aud: issuer.audience,
    sub: `sub-${demo.clara}`,
    scope: 'openid portal:api',
    iat: now(),
    exp: now() + 300,
  };
  return { header, claims };
}

async function hs256WithPublicKey(issuer: TestIssuer, secret: Uint8Array) {
  const { header, claims } = validParts(issuer);
  return new SignJWT(claims).setProtectedHeader({ ...header, alg: 'HS256' }).sign(secret);
}

/** Each case: a header value the api must refuse with 401 `invalid_token`. */
const cases: [string, (issuer: TestIssuer) => Promise<string>][] = [
  [
    'alg none (unsigned)',
    async (issuer) => {
      const { header, claims } = validParts(issuer);
      return `Bearer ${b64({ ...header, alg: 'none' })}.${b64(claims)}.`;
    },
  ],
  [
    "a foreign key with the issuer's kid",
    async (issuer) => `Bearer ${await issuer.mint({ subject: 's', key: issuer.foreignKey })}`,
  ],
  [
    'a foreign key with an unknown kid',
    async (issuer) =>
      `Bearer ${await issuer.mint({ subject: 's', key: issuer.foreignKey, kid: 'foreign-1' })}`,
  ],
  [
    'HS256 with the public JWK as secret',
    async (issuer) =>
      `Bearer ${await hs256WithPublicKey(issuer, new TextEncoder().encode(JSON.stringify(issuer.publicJwk)))}`,
  ],
  [
    'HS256 with the public PEM as secret',
    async (issuer) => {
      const jwk: JsonWebKey = { ...issuer.publicJwk };
      const pem = createPublicKey({ key: jwk, format: 'jwk' })
        .export({ type: 'spki', format: 'pem' })
        .toString();
      return `Bearer ${await hs256WithPublicKey(issuer, new TextEncoder().encode(pem))}`;
    },
  ],
  [
    'a wrong issuer',
    async (issuer) =>
      `Bearer ${await issuer.mint({ subject: 's', issuer: 'https://idp.example.org' })}`,
  ],
  [
    'a wrong audience',
    async (issuer) =>
      `Bearer ${await issuer.mint({ subject: 's', audience: 'https://other.example.org/api' })}`,
  ],
  ['typ JWT', async (issuer) => `Bearer ${await issuer.mint({ subject: 's', typ: 'JWT' })}`],
  [
    'expired beyond the 60 s leeway',
    async (issuer) => `Bearer ${await issuer.mint({ subject: 's', expiresIn: -90 })}`,
  ],
  ['no exp', async (issuer) => `Bearer ${await issuer.mint({ subject: 's', expiresIn: null })}`],
  // Security finding 9: a token valid for a day is not an access token of this portal.
  [
    'a lifetime longer than 10 minutes and the leeway',
    async (issuer) => `Bearer ${await issuer.mint({ subject: 's', expiresIn: 24 * 60 * 60 })}`,
  ],
  [
    'nbf beyond the leeway',
    async (issuer) => `Bearer ${await issuer.mint({ subject: 's', notBefore: now() + 300 })}`,
  ],
  ['no sub', async (issuer) => `Bearer ${await issuer.mint({})}`],
  [
    'a tampered payload',
    async (issuer) => {
      const [header, , signature] = (await issuer.mint({ subject: 'sub-someone' })).split('.');
      const claims = { ...validParts(issuer).claims, sub: `sub-${demo.anna}` };
      return `Bearer ${header}.${b64(claims)}.${signature}`;
    },
  ],
  [
    'an ID token (typ JWT, audience = client id)',
    async (issuer) =>
      `Bearer ${await issuer.mint({
        subject: `sub-${demo.clara}`,
        typ: 'JWT',
        audience: 'practice-portal-web',
        extra: { nonce: 'n-0S6_WzA2Mj', azp: 'practice-portal-web', auth_time: now() },
      })}`,
  ],
  [
    'a token over 8 KB',
    async (issuer) =>
      `Bearer ${await issuer.mint({ subject: 's', extra: { pad: 'x'.repeat(9000) } })}`,
  ],
  ['a corrupted signature', async (issuer) => `Bearer ${await issuer.mint({ subject: 's' })}x`],
  ['garbage', async () => 'Bearer abc.def.ghi'],
  [
    'the Basic scheme',
    async () => `Basic ${Buffer.from('anna:Demo-Portal-2026').toString('base64')}`,
  ],
  ['Bearer without a token', async () => 'Bearer'],
  ['Bearer with only a space', async () => 'Bearer '],
  [
    'two tokens',
    async (issuer) => {
      const token = await issuer.mint({ subject: 's' });
      return `Bearer ${token}, Bearer ${token}`;
    },
  ],
  [
    'two tokens separated by a space',
    async (issuer) => {
      const token = await issuer.mint({ subject: 's' });
      return `Bearer ${token} ${token}`;
    },
  ],
];

describe('bearer tokens the api refuses', () => {
  const api = useApi();

  it.each(cases)('%s → 401 invalid_token', async (_name, header) => {
    const authorization = await header(api.issuer);
    for (const call of [calls.lifetimePrivate, calls.customerGetCustomerData]) {
      const response = await api.client.call(call, { headers: { authorization } });
      expectProblem(response, 401, 'unauthenticated');
      expect(response.headers['www-authenticate']).toMatch(INVALID_TOKEN);
    }
  });

  it('refuses a valid token sent only in the query string, as if none was sent', async () => {
    const token = await api.issuer.tokenFor(demo.clara);
    const response = await api.client.unchecked(calls.lifetimePrivate, {
      query: { access_token: token },
    });
    expectProblem(response, 401, 'unauthenticated');
    // RFC 6750 §3.1: a request without credentials gets a challenge without an error code.
    expect(response.headers['www-authenticate']).toBe('Bearer realm="practice-portal"');
  });

  it('accepts a token expired 30 s ago and one valid from 30 s on (60 s leeway)', async () => {
    for (const options of [{ expiresIn: -30 }, { notBefore: now() + 30 }]) {
      const token = await api.issuer.mint({ subject: 'sub-leeway', ...options });
      const response = await api.client.lifetime.private({ token });
      expect(response.statusCode).toBe(200);
    }
  });

  it('accepts the scheme in any case and the media-type form of the token type', async () => {
    const typed = await api.issuer.mint({ subject: 'sub-typ', typ: 'application/at+jwt' });
    for (const authorization of [`bearer ${typed}`, `BEARER ${typed}`]) {
      const response = await api.client.lifetime.private({ headers: { authorization } });
      expect(response.statusCode).toBe(200);
    }
  });
});
