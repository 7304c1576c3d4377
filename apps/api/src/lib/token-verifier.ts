import {
  createRemoteJWKSet,
  customFetch,
  errors as joseErrors,
  jwtVerify,
  type JWTPayload,
} from 'jose';

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
}

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

const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'EdDSA'];
export const MAX_TOKEN_LENGTH = 8192;

interface Discovery {
  jwks_uri: string;
  userinfo_endpoint?: string;
}

/**
 * Verifies access tokens of one issuer (RFC 9068): signature with the issuer's published keys,
 * issuer, audience, `at+jwt` type, expiry and not-before with 60 s leeway, subject present.
 */
export function createTokenVerifier(options: TokenVerifierOptions) {
  const timeoutDuration = options.timeoutMs ?? 5000;
  let discovery: Promise<Discovery> | undefined;
  let jwks: ReturnType<typeof createRemoteJWKSet> | undefined;

  async function discover(): Promise<Discovery> {
    discovery ??= (async () => {
      const url = `${options.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
      const response = await fetch(url, { signal: AbortSignal.timeout(timeoutDuration) });
      if (!response.ok) throw new Error(`discovery answered ${response.status}`);
      const body = (await response.json()) as Partial<Discovery>;
      if (typeof body.jwks_uri !== 'string') throw new Error('discovery has no jwks_uri');
      return {
        jwks_uri: body.jwks_uri,
        ...(typeof body.userinfo_endpoint === 'string'
          ? { userinfo_endpoint: body.userinfo_endpoint }
          : {}),
      };
    })();
    try {
      return await discovery;
    } catch (error) {
      discovery = undefined;
      throw new IssuerUnavailableError(error);
    }
  }

  async function keySet() {
    if (!jwks) {
      const { jwks_uri } = await discover();
      jwks = createRemoteJWKSet(new URL(jwks_uri), {
        cooldownDuration: options.cooldownMs ?? 30_000,
        cacheMaxAge: options.cacheMaxAgeMs ?? 10 * 60_000,
        timeoutDuration,
        [customFetch]: (url, init) => fetch(url, init),
      });
    }
    return jwks;
  }

  async function verify(token: string): Promise<VerifiedToken> {
    if (token.length > MAX_TOKEN_LENGTH) throw new InvalidTokenError('token too long');
    const keys = await keySet();
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, keys, {
        issuer: options.issuer,
        audience: options.audience,
        typ: 'at+jwt',
        algorithms: ALGORITHMS,
        clockTolerance: 60,
        requiredClaims: ['exp', 'sub', 'iat'],
      }));
    } catch (error) {
      if (error instanceof joseErrors.JWKSTimeout) throw new IssuerUnavailableError(error);
      if (error instanceof joseErrors.JOSEError) throw new InvalidTokenError(error.code);
      if (error instanceof TypeError || error instanceof SyntaxError) {
        throw new InvalidTokenError('malformed token');
      }
      // A key set that could not be fetched at all.
      throw new IssuerUnavailableError(error);
    }
    if (typeof payload.sub !== 'string' || payload.sub === '') {
      throw new InvalidTokenError('missing subject');
    }
    const scope = typeof payload['scope'] === 'string' ? payload['scope'] : '';
    return {
      issuer: options.issuer,
      subject: payload.sub,
      scopes: scope.split(' ').filter(Boolean),
      email: typeof payload['email'] === 'string' ? payload['email'] : undefined,
      emailVerified:
        typeof payload['email_verified'] === 'boolean' ? payload['email_verified'] : undefined,
      claims: payload,
    };
  }

  /** Asks the provider's userinfo endpoint, for tokens that do not carry the e-mail claims. */
  async function userinfo(token: string): Promise<UserInfo> {
    const { userinfo_endpoint } = await discover();
    if (!userinfo_endpoint) return {};
    let response: Response;
    try {
      response = await fetch(userinfo_endpoint, {
        headers: { authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(timeoutDuration),
      });
    } catch (error) {
      throw new IssuerUnavailableError(error);
    }
    if (!response.ok) return {};
    const body = (await response.json()) as Record<string, unknown>;
    return {
      ...(typeof body['email'] === 'string' ? { email: body['email'] } : {}),
      ...(typeof body['email_verified'] === 'boolean'
        ? { email_verified: body['email_verified'] }
        : {}),
    };
  }

  return { verify, userinfo };
}

export type TokenVerifier = ReturnType<typeof createTokenVerifier>;
