import { z } from 'zod';
import {
  ENTRA_ACCOUNT_URL,
  ENTRA_PASSWORD_URL,
  ENTRA_SECURITY_INFO_URL,
} from '../identity/provider-env.ts';
import { httpUrl, type SettingsArea } from './setting.ts';

// How the portal's password and e-mail changes reach an external provider; the settings are
// turned into `AdministrationSettings` by `identity/provider-env.ts`.

const PROVIDERS = '[docs/identity-providers.md](identity-providers.md)';

export const providerAdministrationSettings = {
  KEYCLOAK_ADMIN_CLIENT_ID: {
    schema: z.string().optional(),
    description: `With \`OIDC_PROVIDER=keycloak\`: a service-account client of the realm with \`view-users\` and \`manage-users\`, through which password and e-mail changes reach Keycloak. Set it with its secret, or neither: the changes then answer \`409 not_available\` (${PROVIDERS}).`,
  },
  KEYCLOAK_ADMIN_CLIENT_SECRET: {
    schema: z.string().optional(),
    description: "That client's secret, at least 16 characters.",
  },
  AUTH0_MANAGEMENT_CLIENT_ID: {
    schema: z.string().optional(),
    description: `With \`OIDC_PROVIDER=auth0\`: a machine-to-machine application for the Management API (\`read:users\`, \`update:users\`, \`create:user_tickets\`), through which password and e-mail changes reach Auth0. Set it with its secret, or neither (${PROVIDERS}).`,
  },
  AUTH0_MANAGEMENT_CLIENT_SECRET: {
    schema: z.string().optional(),
    description: "That application's secret, at least 16 characters.",
  },
  ENTRA_PASSWORD_URL: {
    schema: httpUrl.optional(),
    default: `<${ENTRA_PASSWORD_URL}>`,
    description:
      'With `OIDC_PROVIDER=entra`: where the profile page sends a person to change their password; set it for Entra External ID or a page of your own.',
  },
  ENTRA_ACCOUNT_URL: {
    schema: httpUrl.optional(),
    default: `<${ENTRA_ACCOUNT_URL}>`,
    description:
      'With `OIDC_PROVIDER=entra`: where a person changes their account, e.g. the address.',
  },
  ENTRA_SECURITY_INFO_URL: {
    schema: httpUrl.optional(),
    default: `<${ENTRA_SECURITY_INFO_URL}>`,
    description:
      'With `OIDC_PROVIDER=entra`: where the security page sends a person to add an authenticator app or a passkey.',
  },
};

export const providerAdministrationArea: SettingsArea = {
  title: "The external provider's administration",
  about:
    "How the portal's password and e-mail changes reach an external provider: Keycloak's or Auth0's administration, or Entra ID's own pages.",
  settings: providerAdministrationSettings,
};
