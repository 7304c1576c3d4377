import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_SCOPE, WEB_ORIGIN, useIdp } from './support/provider.ts';

const idp = useIdp();

const Discovery = z.object({
  issuer: z.string(),
  authorization_endpoint: z.string(),
  token_endpoint: z.string(),
  jwks_uri: z.string(),
  userinfo_endpoint: z.string(),
  end_session_endpoint: z.string(),
  revocation_endpoint: z.string(),
  scopes_supported: z.array(z.string()),
  response_types_supported: z.array(z.string()),
  code_challenge_methods_supported: z.array(z.string()),
  grant_types_supported: z.array(z.string()),
  token_endpoint_auth_methods_supported: z.array(z.string()),
  ui_locales_supported: z.array(z.string()),
});

describe('discovery', () => {
  it('describes a code + PKCE (S256) provider for public clients on its own origin', async () => {
    const response = await fetch(new URL('/.well-known/openid-configuration', idp.running.issuer));
    expect(response.status).toBe(200);
    const doc = Discovery.parse(await response.json());
    expect(doc.issuer).toBe(idp.running.issuer);
    for (const endpoint of [doc.authorization_endpoint, doc.token_endpoint, doc.jwks_uri]) {
      expect(new URL(endpoint).origin).toBe(idp.running.issuer);
    }
    expect(doc.response_types_supported).toEqual(['code']);
    expect(doc.code_challenge_methods_supported).toEqual(['S256']);
    expect(doc.grant_types_supported).toEqual(
      expect.arrayContaining(['authorization_code', 'refresh_token']),
    );
    expect(doc.token_endpoint_auth_methods_supported).toEqual(['none']);
    expect(doc.ui_locales_supported).toEqual(['de', 'en']);
    expect(doc.scopes_supported).toEqual(expect.arrayContaining(['openid', 'email', 'profile']));
    // The api scope is a resource scope, never an OpenID scope (decision 0010: consent would never
    // end).
    expect(doc.scopes_supported).not.toContain(API_SCOPE);
  });

  it('publishes public signing keys only', async () => {
    const response = await fetch(new URL('/jwks', idp.running.issuer));
    const { keys } = z
      .object({
        keys: z.array(z.object({ kid: z.string(), kty: z.string(), alg: z.string() }).loose()),
      })
      .parse(await response.json());
    expect(keys.length).toBeGreaterThanOrEqual(1);
    for (const key of keys) {
      expect(key.alg).toBe('RS256');
      for (const secret of ['d', 'p', 'q', 'dp', 'dq', 'qi'])
        expect(key).not.toHaveProperty(secret);
    }
  });

  it('answers the portal’s CORS preflight for the token endpoint', async () => {
    const preflight = (origin: string) =>
      fetch(new URL('/token', idp.running.issuer), {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST' },
      });
    const own = await preflight(WEB_ORIGIN);
    expect(own.headers.get('access-control-allow-origin')).toBe(WEB_ORIGIN);
  });
});
