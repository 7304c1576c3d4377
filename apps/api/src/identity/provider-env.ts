import type { ProviderName } from '../lib/tokens/provider-profiles.ts';
import { Secret } from './secret.ts';

/** Microsoft's own pages where a user changes their password and sees their account. */
export const ENTRA_PASSWORD_URL = 'https://mysignins.microsoft.com/security-info/password/change';
export const ENTRA_ACCOUNT_URL = 'https://myaccount.microsoft.com/';
/** My Sign-Ins' security info: the person's sign-in methods (authenticator app, passkeys). */
export const ENTRA_SECURITY_INFO_URL = 'https://mysignins.microsoft.com/security-info';

/** How the portal changes passwords and addresses at the provider (docs/product.md §2). */
export type AdministrationSettings =
  | { kind: 'embedded' }
  /** Keycloak's Admin REST API, with a service-account client of the realm. */
  | { kind: 'keycloak'; origin: string; realm: string; clientId: string; clientSecret: Secret }
  /** Auth0's Management API, with a machine-to-machine application of the tenant. */
  | { kind: 'auth0'; tenant: string; clientId: string; clientSecret: Secret }
  /** Entra ID: the user's own self-service pages at Microsoft; the portal holds no rights. */
  | { kind: 'self-service'; passwordUrl: string; accountUrl: string; securityInfoUrl: string }
  /** No adapter configured: the calls answer `409 not_available`. */
  | { kind: 'none' };

export interface AdministrationVariables {
  KEYCLOAK_ADMIN_CLIENT_ID?: string | undefined;
  KEYCLOAK_ADMIN_CLIENT_SECRET?: string | undefined;
  AUTH0_MANAGEMENT_CLIENT_ID?: string | undefined;
  AUTH0_MANAGEMENT_CLIENT_SECRET?: string | undefined;
  ENTRA_PASSWORD_URL?: string | undefined;
  ENTRA_ACCOUNT_URL?: string | undefined;
  ENTRA_SECURITY_INFO_URL?: string | undefined;
}

const OWNERS: Record<keyof AdministrationVariables, ProviderName> = {
  KEYCLOAK_ADMIN_CLIENT_ID: 'keycloak',
  KEYCLOAK_ADMIN_CLIENT_SECRET: 'keycloak',
  AUTH0_MANAGEMENT_CLIENT_ID: 'auth0',
  AUTH0_MANAGEMENT_CLIENT_SECRET: 'auth0',
  ENTRA_PASSWORD_URL: 'entra',
  ENTRA_ACCOUNT_URL: 'entra',
  ENTRA_SECURITY_INFO_URL: 'entra',
};

/** Client id and secret of an adapter: both or neither; the secret's value is never named. */
function credentials(
  problems: string[],
  [idName, id]: [string, string | undefined],
  [secretName, secret]: [string, string | undefined],
): { clientId: string; clientSecret: Secret } | undefined {
  if (id === undefined && secret === undefined) return undefined;
  if (id === undefined || secret === undefined) {
    problems.push(`${idName} and ${secretName} go together: set both, or neither`);
    return undefined;
  }
  if (secret.length < 16) problems.push(`${secretName} must be at least 16 characters long`);
  return { clientId: id, clientSecret: new Secret(secret) };
}

/**
 * The administration adapter of the deployment, from the provider and its variables. Problems
 * name variables, never values (a secret must not reach the log of a refused start).
 */
export function administrationSettingsOf(
  provider: ProviderName,
  embedded: boolean,
  issuer: string,
  env: AdministrationVariables,
  problems: string[],
): AdministrationSettings {
  for (const [name, owner] of Object.entries(OWNERS)) {
    if (env[name as keyof AdministrationVariables] !== undefined && owner !== provider) {
      problems.push(`${name} needs OIDC_PROVIDER=${owner}`);
    }
  }
  if (embedded) return { kind: 'embedded' };
  const url = new URL(issuer);
  switch (provider) {
    case 'keycloak': {
      const pair = credentials(
        problems,
        ['KEYCLOAK_ADMIN_CLIENT_ID', env.KEYCLOAK_ADMIN_CLIENT_ID],
        ['KEYCLOAK_ADMIN_CLIENT_SECRET', env.KEYCLOAK_ADMIN_CLIENT_SECRET],
      );
      const match = /^(.*)\/realms\/([^/]+)$/.exec(url.pathname);
      if (!pair || !match) return { kind: 'none' };
      return {
        kind: 'keycloak',
        origin: `${url.origin}${match[1]}`,
        realm: decodeURIComponent(match[2] ?? ''),
        ...pair,
      };
    }
    case 'auth0': {
      const pair = credentials(
        problems,
        ['AUTH0_MANAGEMENT_CLIENT_ID', env.AUTH0_MANAGEMENT_CLIENT_ID],
        ['AUTH0_MANAGEMENT_CLIENT_SECRET', env.AUTH0_MANAGEMENT_CLIENT_SECRET],
      );
      return pair ? { kind: 'auth0', tenant: url.origin, ...pair } : { kind: 'none' };
    }
    case 'entra':
      return {
        kind: 'self-service',
        passwordUrl: env.ENTRA_PASSWORD_URL ?? ENTRA_PASSWORD_URL,
        accountUrl: env.ENTRA_ACCOUNT_URL ?? ENTRA_ACCOUNT_URL,
        securityInfoUrl: env.ENTRA_SECURITY_INFO_URL ?? ENTRA_SECURITY_INFO_URL,
      };
    case 'generic':
      return { kind: 'none' };
  }
}
