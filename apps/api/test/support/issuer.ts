import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  exportJWK,
  generateKeyPair,
  SignJWT,
  type CryptoKey,
  type JWK,
  type JWTPayload,
} from 'jose';

export const TEST_AUDIENCE = 'http://localhost:3000/api';
export const TEST_SCOPE = 'openid profile email portal:api';

export interface MintOptions {
  subject?: string;
  email?: string | null;
  emailVerified?: boolean | null;
  scope?: string;
  audience?: string | string[];
  issuer?: string;
  typ?: string;
  /** Seconds from now; `null` leaves `exp` out. */
  expiresIn?: number | null;
  notBefore?: number;
  kid?: string;
  key?: CryptoKey;
  /** How the person signed in (RFC 8176), e.g. `['pwd', 'otp', 'mfa']`; absent: no claim. */
  amr?: string[];
  acr?: string;
  extra?: JWTPayload;
}

/**
 * A real OpenID issuer for api tests: discovery, a JWKS endpoint that counts its fetches and a
 * userinfo endpoint, served over HTTP on a free loopback port. Tokens are signed with its key.
 */
export interface TestIssuer {
  issuer: string;
  audience: string;
  jwksFetches(): number;
  /** Answers of the userinfo endpoint, by subject. */
  userinfo: Map<string, Record<string, unknown>>;
  mint(options?: MintOptions): Promise<string>;
  /** A token for a demo or factory user, with verified e-mail claims. */
  tokenFor(email: string, options?: MintOptions): Promise<string>;
  publicJwk: JWK;
  foreignKey: CryptoKey;
  close(): Promise<void>;
}

export async function startTestIssuer(audience = TEST_AUDIENCE): Promise<TestIssuer> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const foreign = await generateKeyPair('RS256', { extractable: true });
  const publicJwk = {
    ...(await exportJWK(publicKey)),
    kid: 'test-key-1',
    alg: 'RS256',
    use: 'sig',
  };
  let fetches = 0;
  const userinfo = new Map<string, Record<string, unknown>>();

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (url.pathname === '/.well-known/openid-configuration') {
      return json(200, {
        issuer: base,
        jwks_uri: `${base}/jwks`,
        userinfo_endpoint: `${base}/userinfo`,
      });
    }
    if (url.pathname === '/jwks') {
      fetches += 1;
      return json(200, { keys: [publicJwk] });
    }
    if (url.pathname === '/userinfo') {
      const token = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
      const payload = JSON.parse(
        Buffer.from(token.split('.')[1] ?? '', 'base64url').toString() || '{}',
      );
      const info = userinfo.get(String(payload.sub));
      return info
        ? json(200, { sub: payload.sub, ...info })
        : json(401, { error: 'invalid_token' });
    }
    return json(404, {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function mint(options: MintOptions = {}): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const payload: JWTPayload = {
      scope: options.scope ?? TEST_SCOPE,
      client_id: 'practice-portal-web',
      ...(options.email != null ? { email: options.email } : {}),
      ...(options.emailVerified != null ? { email_verified: options.emailVerified } : {}),
      ...(options.amr !== undefined ? { amr: options.amr } : {}),
      ...(options.acr !== undefined ? { acr: options.acr } : {}),
      ...options.extra,
    };
    let jwt = new SignJWT(payload)
      .setProtectedHeader({
        alg: 'RS256',
        typ: options.typ ?? 'at+jwt',
        kid: options.kid ?? publicJwk.kid,
      })
      .setIssuer(options.issuer ?? base)
      .setAudience(options.audience ?? audience)
      .setIssuedAt(now)
      .setJti(crypto.randomUUID());
    if (options.subject !== undefined) jwt = jwt.setSubject(options.subject);
    if (options.expiresIn !== null) jwt = jwt.setExpirationTime(now + (options.expiresIn ?? 300));
    if (options.notBefore !== undefined) jwt = jwt.setNotBefore(options.notBefore);
    return jwt.sign(options.key ?? privateKey);
  }

  return {
    issuer: base,
    audience,
    jwksFetches: () => fetches,
    userinfo,
    mint,
    tokenFor: (email, options = {}) =>
      mint({ subject: `sub-${email}`, email, emailVerified: true, ...options }),
    publicJwk,
    foreignKey: foreign.privateKey,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
