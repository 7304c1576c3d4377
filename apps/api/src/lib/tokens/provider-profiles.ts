import type { SecondFactorRule } from './second-factor.ts';

/**
 * What each supported identity provider really issues (`OIDC_PROVIDER`, decision 0035). The
 * api verifies access tokens by the profile of its deployment; `generic` is the strict RFC 9068
 * check the portal always had and the embedded provider satisfies.
 */
export const PROVIDER_NAMES = ['generic', 'keycloak', 'entra', 'auth0'] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

/** Where the verified e-mail of a first sign-in comes from. */
export type EmailSource =
  /** `email` + `email_verified` of the token, else the userinfo endpoint (both from one place). */
  | 'token-or-userinfo'
  /** Only the userinfo endpoint: the provider's access tokens carry no e-mail claims. */
  | 'userinfo'
  /** Microsoft's rules: `email` counts as verified only with `xms_edov: true`; no userinfo. */
  | 'entra';

export interface ProviderProfile {
  name: ProviderName;
  /** Accepted `typ` header values, lower case without `application/` (RFC 8725 §3.11). */
  types: readonly string[];
  /**
   * Whether only an RFC 9068 type is accepted. Where `JWT` is (Keycloak, Entra ID, Auth0),
   * the checks of `access-token-checks.ts` do what the type did.
   */
  strictType: boolean;
  /** Claims holding the scopes, first present wins. */
  scopeClaims: readonly string[];
  /** Claims naming the client the token was issued to; each present must be the portal's. */
  clientClaims: readonly string[];
  email: EmailSource;
  /**
   * Where the provider's access tokens show how the person signed in (decisions 0070, 0073), for
   * `hasSecondFactor`: method claims (RFC 8176 arrays), single-context claims and context lists.
   * `SECOND_FACTOR_AMR_CLAIM` adds a custom method claim (Auth0) at start.
   */
  secondFactorClaims: Pick<SecondFactorRule, 'amrClaims' | 'acrClaims' | 'acrListClaims'>;
  /** The `ver` claim the provider's access tokens carry, where it tells token formats apart. */
  version?: string;
  /** What is wrong with an issuer (as configured) of this provider, or undefined if none. */
  issuerProblem(issuer: string): string | undefined;
}

/** OpenID Connect's own claims (the embedded provider; Keycloak's ACR-to-LoA and AMR mappers). */
const STANDARD_CLAIMS = { amrClaims: ['amr'], acrClaims: ['acr'], acrListClaims: [] };

const MULTI_TENANT = new Set(['common', 'organizations', 'consumers']);

const PROFILES: Record<ProviderName, ProviderProfile> = {
  generic: {
    name: 'generic',
    types: ['at+jwt'],
    strictType: true,
    scopeClaims: ['scope', 'scp'],
    clientClaims: ['client_id', 'azp'],
    email: 'token-or-userinfo',
    secondFactorClaims: STANDARD_CLAIMS,
    issuerProblem: () => undefined,
  },
  keycloak: {
    name: 'keycloak',
    types: ['jwt', 'at+jwt'],
    strictType: false,
    scopeClaims: ['scope'],
    clientClaims: ['azp', 'client_id'],
    email: 'token-or-userinfo',
    secondFactorClaims: STANDARD_CLAIMS,
    issuerProblem: (issuer) =>
      /^(\/auth)?\/realms\/[^/]+$/.test(new URL(issuer).pathname)
        ? undefined
        : 'must be the realm, such as https://keycloak.example.com/realms/portal',
  },
  entra: {
    name: 'entra',
    types: ['jwt'],
    strictType: false,
    scopeClaims: ['scp'],
    clientClaims: ['azp', 'appid'],
    email: 'entra',
    // v2.0 access tokens carry neither `amr` nor `acr` (v1.0 only), but `acrs`: the Conditional
    // Access authentication contexts the sign-in satisfied (access token claims reference).
    secondFactorClaims: { amrClaims: [], acrClaims: [], acrListClaims: ['acrs'] },
    version: '2.0',
    issuerProblem: (issuer) => {
      const match = /^\/([^/]+)\/v2\.0$/.exec(new URL(issuer).pathname);
      if (!match?.[1]) {
        return 'must be the v2.0 issuer of the tenant, such as https://login.microsoftonline.com/<tenant id>/v2.0';
      }
      return MULTI_TENANT.has(match[1].toLowerCase())
        ? 'must name the tenant (its id), not common, organizations or consumers'
        : undefined;
    },
  },
  auth0: {
    name: 'auth0',
    types: ['jwt', 'at+jwt'],
    strictType: false,
    scopeClaims: ['scope'],
    clientClaims: ['azp', 'client_id'],
    email: 'userinfo',
    // Auth0 writes `amr` into ID tokens only, and its Actions may not set `amr` or `acr` on an
    // access token (restricted claims): a namespaced claim carries the methods instead
    // (`SECOND_FACTOR_AMR_CLAIM`, docs/identity-providers.md, "Auth0").
    secondFactorClaims: { amrClaims: [], acrClaims: [], acrListClaims: [] },
    issuerProblem: (issuer) =>
      new URL(issuer).pathname === '/' && issuer.endsWith('/')
        ? undefined
        : 'must be the tenant with its trailing slash, such as https://portal.eu.auth0.com/',
  },
};

export function providerProfile(name: ProviderName): ProviderProfile {
  return PROFILES[name];
}

/**
 * The scope name as the provider writes it into the token: Entra ID requests a scope by its
 * full name (`api://<app id>/portal.api`) and writes only its last part into `scp`.
 */
export function tokenScopeOf(name: ProviderName, requested: string): string {
  return name === 'entra' ? requested.slice(requested.lastIndexOf('/') + 1) : requested;
}

/**
 * Extra parameters of the web app's authorize and token requests: the audience as a resource
 * indicator (RFC 8707) where the provider takes one, Auth0's `audience`, nothing for Keycloak
 * (audience mapper) and Entra ID (whose v2 endpoint refuses `resource`; the scope names the api).
 */
export function requestParametersOf(
  name: ProviderName,
  audience: string,
): { authorize: Record<string, string>; token: Record<string, string> } {
  switch (name) {
    case 'generic':
      return { authorize: { resource: audience }, token: { resource: audience } };
    case 'auth0':
      return { authorize: { audience }, token: {} };
    case 'keycloak':
    case 'entra':
      return { authorize: {}, token: {} };
  }
}
