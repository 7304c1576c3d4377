import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK, type JWTPayload } from 'jose';
import type { ProviderName } from '../../../src/lib/tokens/provider-profiles.ts';

export const PORTAL_CLIENT = 'portal-web';
export const API_AUDIENCE = 'https://portal.example.com/api';
/** Entra ID names the api by its application id: v2 tokens carry it as `aud`. */
export const ENTRA_API_ID = '6e74172b-be56-4843-9ff4-e66a39bb12e3';
export const ENTRA_CLIENT_ID = '2d4d11a2-f814-46a7-890a-274a72a7309e';
export const ENTRA_TENANT = '72f988bf-86f1-41af-91ab-2d7cd011db47';

/** The settings a deployment uses with each stand-in, as docs/identity-providers.md says. */
export interface ProviderSetup {
  provider: ProviderName;
  issuer: string;
  clientId: string;
  audience: string;
  /** `OIDC_API_SCOPE`, where the default `portal:api` is not the provider's name for it. */
  apiScope?: string;
}

export interface MintRequest {
  header?: Record<string, unknown>;
  claims?: JWTPayload;
  /** Claims of the standard token to leave out. */
  without?: string[];
  /** Seconds the token lives (default 300). */
  lifetime?: number;
}

/**
 * A stand-in of each provider's token side: discovery under the issuer's own path (Keycloak's
 * realm, Entra's tenant/v2.0, Auth0's tenant root), its key set and a userinfo endpoint, and
 * access tokens shaped like the provider's documented ones:
 * - Keycloak: https://www.keycloak.org/docs/latest/server_admin/#_oidc_token_and_saml_assertion_mappers
 *   (`typ: JWT` header, `typ: Bearer`, `azp`, `scope`, realm issuer);
 * - Entra ID v2: https://learn.microsoft.com/en-us/entra/identity-platform/access-token-claims-reference
 *   (`aud` the api's application id, `azp`, `scp`, `ver: 2.0`, keys without `alg`);
 * - Auth0: https://auth0.com/docs/secure/tokens/access-tokens/access-token-profiles
 *   (`typ: JWT`, `aud` [api, userinfo], `azp`, `scope`).
 */
/** More of the provider's API on the same origin (an administration stand-in); true if answered. */
export type ExtraHandler = (
  request: IncomingMessage,
  response: ServerResponse,
  origin: string,
) => boolean | Promise<boolean>;

export async function startProviderIssuer(provider: ProviderName, extra?: ExtraHandler) {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: `${provider}-key`, use: 'sig' };
  // Entra's key set names no algorithm (https://login.microsoftonline.com/common/discovery/v2.0/keys).
  if (provider !== 'entra') jwk.alg = 'RS256';
  const userinfo = new Map<string, Record<string, unknown>>();
  const answer = async (request: IncomingMessage, response: ServerResponse) => {
    if (extra && (await extra(request, response, origin))) return;
    const url = new URL(request.url ?? '/', 'http://localhost');
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (url.pathname === `${basePath}/.well-known/openid-configuration`) {
      return json(200, {
        issuer,
        jwks_uri: `${origin}${basePath}/keys`,
        userinfo_endpoint: `${origin}${basePath}/userinfo`,
      });
    }
    if (url.pathname === `${basePath}/keys`) return json(200, { keys: [jwk] });
    if (url.pathname === `${basePath}/userinfo`) {
      const token = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
      const payload = JSON.parse(
        Buffer.from(token.split('.')[1] ?? '', 'base64url').toString() || '{}',
      ) as JWTPayload;
      const info = userinfo.get(String(payload.sub));
      return info ? json(200, { sub: payload.sub, ...info }) : json(401, {});
    }
    return json(404, {});
  };
  const server = createServer((request, response) => void answer(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const basePath = {
    generic: '',
    keycloak: '/realms/praxis',
    entra: `/${ENTRA_TENANT}/v2.0`,
    auth0: '',
  }[provider];
  const issuer = provider === 'auth0' ? `${origin}/` : `${origin}${basePath}`;

  const setup: ProviderSetup = {
    provider,
    issuer,
    clientId: provider === 'entra' ? ENTRA_CLIENT_ID : PORTAL_CLIENT,
    audience: provider === 'entra' ? ENTRA_API_ID : API_AUDIENCE,
    ...(provider === 'entra' ? { apiScope: `api://${ENTRA_API_ID}/portal.api` } : {}),
  };

  /** The claims of an access token the provider issues to the portal for `subject`. */
  function accessClaims(subject: string): JWTPayload {
    switch (provider) {
      case 'generic':
        return { client_id: PORTAL_CLIENT, scope: 'openid email portal:api' };
      case 'keycloak':
        return {
          aud: [API_AUDIENCE, 'account'],
          typ: 'Bearer',
          azp: PORTAL_CLIENT,
          sid: 'a1b2',
          scope: 'openid email profile portal:api',
        };
      case 'entra':
        return {
          azp: ENTRA_CLIENT_ID,
          azpacr: '0',
          scp: 'portal.api',
          tid: ENTRA_TENANT,
          oid: subject,
          ver: '2.0',
          preferred_username: 'someone@contoso.example',
        };
      case 'auth0':
        return {
          aud: [API_AUDIENCE, `${issuer}userinfo`],
          azp: PORTAL_CLIENT,
          scope: 'openid profile email portal:api',
        };
    }
  }

  async function mint(subject: string, request: MintRequest = {}): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const claims: JWTPayload = {
      iss: issuer,
      sub: subject,
      aud: setup.audience,
      iat: now,
      nbf: now,
      exp: now + (request.lifetime ?? 300),
      jti: crypto.randomUUID(),
      ...accessClaims(subject),
      ...request.claims,
    };
    for (const name of request.without ?? []) delete claims[name];
    const header = {
      alg: 'RS256',
      typ: provider === 'generic' ? 'at+jwt' : 'JWT',
      kid: jwk.kid,
      ...request.header,
    };
    return new SignJWT(claims).setProtectedHeader(header).sign(privateKey);
  }

  /** An ID token of the provider for the portal's client, as the web app receives one. */
  function idToken(subject: string, extra: JWTPayload = {}): Promise<string> {
    return mint(subject, {
      header: { typ: 'JWT' },
      claims: {
        aud: setup.clientId,
        azp: setup.clientId,
        nonce: 'n-0S6_WzA2Mj',
        at_hash: 'HK6E_P6Dh8Y93mRNtsDB1Q',
        ...(provider === 'keycloak' ? { typ: 'ID' } : {}),
        ...extra,
      },
      without: ['scope', 'scp', 'client_id'],
    });
  }

  return {
    setup,
    userinfo,
    mint,
    idToken,
    /** A second key, not in the key set. */
    privateKey,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type ProviderIssuer = Awaited<ReturnType<typeof startProviderIssuer>>;
