export type StandInKind = 'keycloak' | 'entra';

/** What a portal on this provider is configured with, and how its access tokens look. */
export interface StandInProfile {
  kind: StandInKind;
  /** The issuer's path: Keycloak's realm, Entra's tenant and version. */
  path: string;
  clientId: string;
  audience: string;
  /** The resource indicator the provider binds the api's tokens to (an absolute URI). */
  resource: string;
  /** The api scope as the portal requests it (`OIDC_API_SCOPE`). */
  apiScope: string;
  /** Whether the authorize and token endpoints take RFC 8707's `resource`. */
  takesResource: boolean;
  /** Claims the provider adds to an access token with the granted resource scope. */
  accessClaims(granted: string): Record<string, unknown>;
}

const ENTRA_TENANT = '9188040d-6c67-4c5b-b112-36a304b66dad';
const ENTRA_API = 'b8c2e0d4-5a1f-4c3e-9d7b-2f6a8e1c4b90';
const ENTRA_CLIENT = '3f1e7a52-8c4d-4b6e-a9f0-1d2c3b4a5e6f';

export function providerProfileOf(kind: StandInKind): StandInProfile {
  if (kind === 'keycloak') {
    return {
      kind,
      path: '/realms/praxis',
      clientId: 'portal-web',
      audience: 'https://portal.example.com/api',
      resource: 'https://portal.example.com/api',
      apiScope: 'portal:api',
      // Keycloak ignores `resource`; the stand-in lets oidc-provider take it.
      takesResource: true,
      accessClaims: (granted) => ({
        azp: 'portal-web',
        typ: 'Bearer',
        scope: `openid email profile ${granted}`.trim(),
        email_verified: true,
        aud: ['https://portal.example.com/api', 'account'],
      }),
    };
  }
  return {
    kind,
    path: `/${ENTRA_TENANT}/v2.0`,
    clientId: ENTRA_CLIENT,
    audience: ENTRA_API,
    resource: `api://${ENTRA_API}`,
    apiScope: `api://${ENTRA_API}/portal.api`,
    takesResource: false,
    accessClaims: () => ({
      azp: ENTRA_CLIENT,
      azpacr: '0',
      scp: 'portal.api',
      tid: ENTRA_TENANT,
      ver: '2.0',
      xms_edov: true,
    }),
  };
}
