import type { JWK, JWTHeaderParameters, JWTPayload } from 'jose';
import type { ProviderProfile } from './provider-profiles.ts';

/** The token is not acceptable: the api answers 401. */
export class InvalidTokenError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'InvalidTokenError';
  }
}

export interface AccessTokenPolicy {
  profile: ProviderProfile;
  /** The portal's client (`OIDC_CLIENT_ID`); without it the client claims are not compared. */
  clientId?: string | undefined;
  /** The api's scope as the token carries it; required in every token of a `JWT` profile. */
  apiScope?: string | undefined;
}

/** Claims only an ID token carries (OpenID Connect Core 2, 3.1.3.6, 3.3.2.11). */
const ID_TOKEN_CLAIMS = ['nonce', 'at_hash', 'c_hash', 's_hash'];

/** `typ` as RFC 8725 §3.11 compares it: case-insensitive, `application/` left out. */
export function normalType(typ: unknown): string {
  return typeof typ === 'string' ? typ.toLowerCase().replace(/^application\//, '') : '';
}

/** The scopes of a token, from the first of the profile's claims that is present. */
export function scopesOf(profile: ProviderProfile, payload: JWTPayload): string[] {
  const claim = profile.scopeClaims.find((name) => payload[name] !== undefined);
  const value = claim === undefined ? undefined : payload[claim];
  if (typeof value === 'string') return value.split(' ').filter(Boolean);
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return [];
}

const DEFAULT_ALGORITHMS: Record<string, string> = {
  RSA: 'RS256',
  'EC:P-256': 'ES256',
  'EC:P-384': 'ES384',
  'OKP:Ed25519': 'EdDSA',
};

/** The algorithms a key set allows: each key's `alg`, or the one its type implies. */
export function algorithmsOfKeySet(keys: readonly JWK[]): Set<string> {
  const algorithms = new Set<string>();
  for (const key of keys) {
    if (key.use !== undefined && key.use !== 'sig') continue;
    const implied = DEFAULT_ALGORITHMS[key.kty === 'RSA' ? 'RSA' : `${key.kty}:${key.crv}`];
    const algorithm = typeof key.alg === 'string' ? key.alg : implied;
    if (algorithm) algorithms.add(algorithm);
  }
  return algorithms;
}

/**
 * What the signature check leaves to the api (decision 0035). Every profile: the client claims
 * present name the portal's client. Profiles that accept `typ: JWT`, where the type no longer
 * tells an access token from an ID token: no ID-token claim, Keycloak's `typ` claim `Bearer`,
 * the provider's token version, a client claim present, the api scope present and the
 * algorithm one the key set publishes.
 */
export function checkAccessToken(
  policy: AccessTokenPolicy,
  header: JWTHeaderParameters,
  payload: JWTPayload,
  keyAlgorithms: ReadonlySet<string>,
): void {
  const { profile, clientId } = policy;
  if (!profile.types.includes(normalType(header.typ))) {
    throw new InvalidTokenError('unexpected typ');
  }
  const clients = profile.clientClaims.filter((name) => payload[name] !== undefined);
  if (clientId !== undefined && clients.some((name) => payload[name] !== clientId)) {
    throw new InvalidTokenError('another client');
  }
  if (profile.strictType) return;
  if (clients.length === 0) throw new InvalidTokenError('no client');
  if (ID_TOKEN_CLAIMS.some((name) => payload[name] !== undefined)) {
    throw new InvalidTokenError('an ID token');
  }
  if (payload['typ'] !== undefined && normalType(payload['typ']) !== 'bearer') {
    throw new InvalidTokenError('not a bearer token');
  }
  if (profile.version !== undefined && payload['ver'] !== profile.version) {
    throw new InvalidTokenError('another token version');
  }
  if (policy.apiScope !== undefined && !scopesOf(profile, payload).includes(policy.apiScope)) {
    throw new InvalidTokenError('api scope missing');
  }
  if (!keyAlgorithms.has(header.alg)) throw new InvalidTokenError('algorithm not in key set');
}
