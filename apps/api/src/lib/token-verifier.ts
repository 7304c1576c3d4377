import {
  createRemoteJWKSet,
  customFetch,
  errors as joseErrors,
  jwtVerify,
  type JWTPayload,
} from 'jose';
import { z } from 'zod';
import { createVerifiedTokenCache } from './verified-tokens.ts';

export interface VerifiedToken {
  issuer: string;
  subject: string;
  scopes: string[];
  email: string | undefined;
  emailVerified: boolean | undefined;
  claims: JWTPayload;
}

export interface UserInfo {
  email?: string;
  email_verified?: boolean;
}

export interface TokenVerifierOptions {
  issuer: string;
  audience: string;
  /** Minimum time between two key-set fetches caused by unknown key ids. */
  cooldownMs?: number;
  /** How long fetched keys are trusted before they are fetched again. */
  cacheMaxAgeMs?: number;
  timeoutMs?: number;
  /**
   * The longest lifetime (`exp - iat`) an access token may have, in seconds; longer ones are
   * refused (PRODUCT §2: access tokens live at most 10 minutes). The clock leeway comes on top.
   */
  maxLifetimeSeconds?: number;
}

/** Clock leeway of every time check (the specification's identity defaults). */
const LEEWAY_SECONDS = 60;

/** The provider could not be reached: not the caller's fault, so the api answers 503. */
export class IssuerUnavailableError extends Error {
  constructor(cause: unknown) {
    super('The identity provider could not be reached', { cause });
    this.name = 'IssuerUnavailableError';
  }
}

/** The token is not acceptable: the api answers 401. */
export class InvalidTokenError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'InvalidTokenError';
  }
}

const ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'EdDSA',
];
export const MAX_TOKEN_LENGTH = 8192;

const DiscoverySchema = z.object({
  issuer: z.string(),
  jwks_uri: z.url(),
  userinfo_endpoint: z.url().optional(),
});
type Discovery = z.infer<typeof DiscoverySchema>;

const JwkSetSchema = z.object({ keys: z.array(z.record(z.string(), z.unknown())) });

const UserInfoSchema = z.object({
  sub: z.string(),
  email: z.string().optional().catch(undefined),
  email_verified: z.boolean().optional().catch(undefined),
});

/** RFC 9068 `scope` (space-separated); some providers (Microsoft Entra ID, Okta) send `scp`. */
function scopesOf(payload: JWTPayload): string[] {
  const value = payload['scope'] ?? payload['scp'];
  if (typeof value === 'string') return value.split(' ').filter(Boolean);
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return [];
}

/** GETs a JSON document of the provider; anything but a 200 with JSON means it is unavailable. */
async function fetchProviderJson(url: string | URL, init: RequestInit): Promise<unknown> {
  try {
    const response = await fetch(url, init);
    if (response.status !== 200) throw new Error(`answered ${response.status}`);
    return await response.json();
  } catch (error) {
    throw new IssuerUnavailableError(error);
  }
}

/**
 * Verifies access tokens of one issuer (RFC 9068): signature with the issuer's published keys,
 * issuer, audience, `at+jwt` type, expiry and not-before with 60 s leeway, subject present.
 * Any failure to reach the provider is an {@link IssuerUnavailableError}, anything wrong with
 * the token an {@link InvalidTokenError}.
 */
export function createTokenVerifier(options: TokenVerifierOptions) {
  const timeoutDuration = options.timeoutMs ?? 5000;
  const issuer = options.issuer;
  let discovery: Promise<Discovery> | undefined;
  let jwks: Promise<ReturnType<typeof createRemoteJWKSet>> | undefined;

  function discover(): Promise<Discovery> {
    if (discovery) return discovery;
    const pending = (async () => {
      const url = `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
      const body = await fetchProviderJson(url, { signal: AbortSignal.timeout(timeoutDuration) });
      const parsed = DiscoverySchema.safeParse(body);
      if (!parsed.success)
        throw new IssuerUnavailableError(new Error('invalid discovery document'));
      if (parsed.data.issuer !== issuer) {
        throw new IssuerUnavailableError(new Error('discovery names another issuer'));
      }
      return parsed.data;
    })();
    discovery = pending;
    // A failed discovery is retried by the next request.
    pending.catch(() => {
      if (discovery === pending) discovery = undefined;
    });
    return pending;
  }

  function keySet() {
    if (jwks) return jwks;
    // One key set for all requests, even for a burst arriving before discovery answered.
    const pending = discover().then(({ jwks_uri }) =>
      createRemoteJWKSet(new URL(jwks_uri), {
        cooldownDuration: options.cooldownMs ?? 30_000,
        cacheMaxAge: options.cacheMaxAgeMs ?? 10 * 60_000,
        timeoutDuration,
        [customFetch]: async (url: string, init: RequestInit) => {
          const parsed = JwkSetSchema.safeParse(await fetchProviderJson(url, init));
          if (!parsed.success) throw new IssuerUnavailableError(new Error('invalid key set'));
          return Response.json(parsed.data);
        },
      }),
    );
    jwks = pending;
    pending.catch(() => {
      if (jwks === pending) jwks = undefined;
    });
    return pending;
  }

  const verified = createVerifiedTokenCache<VerifiedToken>({
    maxEntries: 10_000,
    leewaySeconds: LEEWAY_SECONDS,
  });

  async function verify(token: string): Promise<VerifiedToken> {
    if (token.length > MAX_TOKEN_LENGTH) throw new InvalidTokenError('token too long');
    const known = verified.get(token);
    if (known) return known;
    const result = await verifySignatureAndClaims(token);
    verified.set(token, result, Number(result.claims.exp));
    return result;
  }

  async function verifySignatureAndClaims(token: string): Promise<VerifiedToken> {
    const keys = await keySet();
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, keys, {
        issuer,
        audience: options.audience,
        typ: 'at+jwt',
        algorithms: ALGORITHMS,
        clockTolerance: LEEWAY_SECONDS,
        requiredClaims: ['exp', 'sub', 'iat'],
      }));
    } catch (error) {
      if (error instanceof IssuerUnavailableError) throw error;
      if (error instanceof joseErrors.JWKSTimeout) throw new IssuerUnavailableError(error);
      // Everything else comes from the token itself: its header, claims or signature.
      throw new InvalidTokenError(error instanceof joseErrors.JOSEError ? error.code : 'malformed');
    }
    if (typeof payload.sub !== 'string' || payload.sub === '') {
      throw new InvalidTokenError('missing subject');
    }
    const maxLifetime = (options.maxLifetimeSeconds ?? 600) + LEEWAY_SECONDS;
    if ((payload.exp ?? Infinity) - (payload.iat ?? 0) > maxLifetime) {
      throw new InvalidTokenError('lifetime too long');
    }
    return {
      issuer,
      subject: payload.sub,
      scopes: scopesOf(payload),
      email: typeof payload['email'] === 'string' ? payload['email'] : undefined,
      emailVerified:
        typeof payload['email_verified'] === 'boolean' ? payload['email_verified'] : undefined,
      claims: payload,
    };
  }

  /**
   * Asks the provider's userinfo endpoint, for tokens that do not carry the e-mail claims.
   * A provider without the endpoint, or one that refuses the token, tells us nothing (`{}`);
   * one that cannot be reached or fails is unavailable.
   */
  async function userinfo(token: string, subject: string): Promise<UserInfo> {
    const { userinfo_endpoint } = await discover();
    if (!userinfo_endpoint) return {};
    let response: Response;
    try {
      response = await fetch(userinfo_endpoint, {
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutDuration),
      });
    } catch (error) {
      throw new IssuerUnavailableError(error);
    }
    if (response.status >= 500) throw new IssuerUnavailableError(new Error('userinfo failed'));
    if (!response.ok) return {};
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      return {};
    }
    const parsed = UserInfoSchema.safeParse(body);
    // OpenID Connect Core 5.3.2: an answer about another subject must not be used.
    if (!parsed.success || parsed.data.sub !== subject) return {};
    const { email, email_verified } = parsed.data;
    return {
      ...(email !== undefined ? { email } : {}),
      ...(email_verified !== undefined ? { email_verified } : {}),
    };
  }

  return { verify, userinfo };
}

export type TokenVerifier = ReturnType<typeof createTokenVerifier>;
