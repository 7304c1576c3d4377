import {
  createRemoteJWKSet,
  customFetch,
  errors as joseErrors,
  jwtVerify,
  type JWK,
  type JWTHeaderParameters,
  type JWTPayload,
} from 'jose';
import { z } from 'zod';
import {
  algorithmsOfKeySet,
  checkAccessToken,
  InvalidTokenError,
  scopesOf,
} from './access-token-checks.ts';
import {
  fetchProviderJson,
  IssuerUnavailableError,
  providerMetadata,
} from './provider-metadata.ts';
import { providerProfile, type ProviderName } from './provider-profiles.ts';
import { emailOfToken, userinfoOf } from './userinfo.ts';
import { createVerifiedTokenCache } from './verified-tokens.ts';

export { InvalidTokenError } from './access-token-checks.ts';
export { IssuerUnavailableError } from './provider-metadata.ts';
export type { UserInfo } from './userinfo.ts';

export interface VerifiedToken {
  issuer: string;
  subject: string;
  scopes: string[];
  email: string | undefined;
  emailVerified: boolean | undefined;
  claims: JWTPayload;
}

export interface TokenVerifierOptions {
  issuer: string;
  audience: string;
  /** Whose tokens these are (`OIDC_PROVIDER`); `generic` (the default) is RFC 9068 strict. */
  provider?: ProviderName;
  /** The portal's client: tokens naming another client are refused. */
  clientId?: string;
  /** The api scope as the token carries it; every token of a `typ: JWT` profile needs it. */
  apiScope?: string;
  /** Minimum time between two key-set fetches caused by unknown key ids. */
  cooldownMs?: number;
  /** How long fetched keys are trusted before they are fetched again. */
  cacheMaxAgeMs?: number;
  timeoutMs?: number;
  /**
   * The longest lifetime (`exp - iat`) an access token may have, in seconds; longer ones are
   * refused (docs/product.md §2: access tokens live at most 10 minutes). The clock leeway comes on
   * top.
   */
  maxLifetimeSeconds?: number;
}

/** Clock leeway of every time check (the specification's identity defaults). */
const LEEWAY_SECONDS = 60;

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

const JwkSetSchema = z.object({ keys: z.array(z.record(z.string(), z.unknown())) });

/**
 * Verifies access tokens of one issuer: signature with the issuer's published keys, issuer,
 * audience, expiry and not-before with 60 s leeway, subject present, lifetime capped, and the
 * profile's checks (`access-token-checks.ts`): the `at+jwt` type of RFC 9068 for `generic`.
 * Any failure to reach the provider is an {@link IssuerUnavailableError}, anything wrong with
 * the token an {@link InvalidTokenError}.
 */
export function createTokenVerifier(options: TokenVerifierOptions) {
  const timeoutDuration = options.timeoutMs ?? 5000;
  const issuer = options.issuer;
  const profile = providerProfile(options.provider ?? 'generic');
  const policy = { profile, clientId: options.clientId, apiScope: options.apiScope };
  const discover = providerMetadata(issuer, timeoutDuration);
  let jwks: Promise<ReturnType<typeof createRemoteJWKSet>> | undefined;
  let keyAlgorithms = new Set<string>();

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
          keyAlgorithms = algorithmsOfKeySet(parsed.data.keys as JWK[]);
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
    let header: JWTHeaderParameters;
    try {
      ({ payload, protectedHeader: header } = await jwtVerify(token, keys, {
        issuer,
        audience: options.audience,
        ...(profile.strictType ? { typ: 'at+jwt' } : {}),
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
    checkAccessToken(policy, header, payload, keyAlgorithms);
    return {
      issuer,
      subject: payload.sub,
      scopes: scopesOf(profile, payload),
      ...emailOfToken(profile, payload),
      claims: payload,
    };
  }

  return { verify, userinfo: userinfoOf(profile, discover, timeoutDuration) };
}

export type TokenVerifier = ReturnType<typeof createTokenVerifier>;
