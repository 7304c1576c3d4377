import { z } from 'zod';
import { administrationSettingsOf, type AdministrationSettings } from '../identity/provider-env.ts';
import {
  PROVIDER_NAMES,
  providerProfile,
  requestParametersOf,
  tokenScopeOf,
  type ProviderName,
} from '../lib/tokens/provider-profiles.ts';
import { EMBEDDED_SECOND_FACTOR_ACR, type SecondFactorRule } from '../lib/tokens/second-factor.ts';
import type { Env } from './environment.ts';
import type { ServerConfig } from './server.ts';
import { httpUrl, port, wholeNumber, type SettingsArea } from './setting.ts';

/** The scope of the portal's api at the identity provider. */
const API_SCOPE = 'portal:api';

/**
 * `acr` values that count as a second factor (decision 0070): comma-separated, each a URI or a
 * level such as Keycloak's `2`, of printable characters without spaces or commas.
 */
const acrValues = z
  .string()
  .refine(
    (value) => value.split(',').every((entry) => /^[\x21-\x2b\x2d-\x7e]+$/.test(entry.trim())),
    {
      error: 'must be a comma-separated list of acr values (no spaces inside a value)',
    },
  )
  .transform((value) => value.split(',').map((entry) => entry.trim()));

/**
 * A custom claim holding the sign-in's RFC 8176 methods (`SECOND_FACTOR_AMR_CLAIM`, decision
 * 0073): Auth0's Actions may not set `amr` on an access token, so they write a namespaced claim.
 * A URL, as Auth0 recommends for namespaces; `amr` itself is read anyway.
 */
const amrClaim = httpUrl.refine((value) => !/[\s\p{C}]/u.test(value), {
  error:
    'must be a namespaced claim name, an http:// or https:// URL such as https://portal.example.com/amr',
});

const PROVIDERS = '[docs/identity-providers.md](identity-providers.md)';

export const identitySettings = {
  OIDC_ISSUER: {
    schema: httpUrl.optional(),
    default: 'the embedded provider',
    description: `An external OpenID provider's issuer. Set it with \`OIDC_CLIENT_ID\` and \`OIDC_AUDIENCE\`, all three or none; the embedded provider then does not start (${PROVIDERS}).`,
  },
  OIDC_CLIENT_ID: {
    schema: z.string().optional(),
    default: "`practice-portal-web`, the embedded provider's client",
    description:
      "The web app's client at the external provider: a public single-page client with Authorization Code and PKCE.",
  },
  OIDC_AUDIENCE: {
    schema: z.string().optional(),
    default: '`<PUBLIC_URL>/api`',
    description:
      "The api's audience in the external provider's access tokens; not the client id, to which ID tokens are addressed.",
  },
  OIDC_PROVIDER: {
    schema: z
      .enum(PROVIDER_NAMES, { error: 'must be generic, keycloak, entra or auth0' })
      .default('generic'),
    default: '`generic`',
    description: `The external provider's profile, \`generic\`, \`keycloak\`, \`entra\` or \`auth0\`: what the api accepts in its tokens and how it reaches the provider (${PROVIDERS}).`,
  },
  OIDC_API_SCOPE: {
    schema: z
      .string()
      .regex(/^[\x21\x23-\x5b\x5d-\x7e]+$/, {
        error: 'must be one scope name (no spaces, quotes or backslashes)',
      })
      .optional(),
    default: `\`${API_SCOPE}\``,
    description:
      'The api scope the web app asks for. Needed with `OIDC_PROVIDER=entra`, as its full name (`api://<application id>/portal.api`).',
  },
  ACCESS_TOKEN_MAX_MINUTES: {
    schema: wholeNumber(1, 24 * 60, 'must be a whole number of minutes from 1 to 1440').default(10),
    default: '`10`',
    description:
      'Access tokens that live longer (`exp - iat`, plus 60 s leeway) are refused. Raise it only for a provider that cannot issue shorter ones.',
  },
  SECOND_FACTOR_ACR: {
    schema: acrValues.default([EMBEDDED_SECOND_FACTOR_ACR]),
    default: `\`${EMBEDDED_SECOND_FACTOR_ACR}\``,
    description: `Comma-separated \`acr\` values that count as a second factor for practices that require one, besides an \`amr\` with \`mfa\`, \`otp\`, \`hwk\` or \`swk\`; e.g. Keycloak's level \`2\` or Entra ID's authentication context \`c1\` (${PROVIDERS}).`,
  },
  SECOND_FACTOR_AMR_CLAIM: {
    schema: amrClaim.optional(),
    description: `An external provider's namespaced claim (an \`http(s)://\` URL) holding the sign-in's methods like \`amr\`: for Auth0, whose Actions may not set \`amr\` on an access token (${PROVIDERS}).`,
  },
  IDP_PORT: {
    schema: port(3001),
    default: '`3001`',
    description:
      'Port of the embedded OpenID provider, which runs while `OIDC_ISSUER` is unset; it must differ from `PORT`.',
  },
  IDP_HOST: {
    schema: z
      .string()
      .regex(/^[A-Za-z0-9.-]+$/, { error: 'must be a host name or IPv4 address' })
      .default('localhost'),
    default: '`localhost`',
    description:
      "Host of the embedded provider's issuer (`http://IDP_HOST:IDP_PORT`), the only host it answers for, and its passkeys' relying party: a changed host leaves the passkeys unusable.",
  },
  TOTP_ENCRYPTION_KEY: {
    schema: z
      .string()
      .regex(/^(?:[0-9a-fA-F]{64}|[A-Za-z0-9+/_-]{43}=?)$/, {
        error: 'must be 32 random bytes as 64 hex digits or base64 (openssl rand -base64 32)',
      })
      .optional(),
    default: 'one generated per database, outside production',
    description:
      "32 random bytes, hex or base64 (`openssl rand -base64 32`), that encrypt the embedded provider's authenticator secrets and key its recovery codes. Needed with `NODE_ENV=production` and the embedded provider; keep it with the database backups.",
  },
};

export const identityArea: SettingsArea = {
  title: 'Sign-in',
  about: `The embedded OpenID provider, or an external one and what its tokens must show (${PROVIDERS}).`,
  settings: identitySettings,
};

export interface IdentityConfig {
  oidc: {
    embedded: boolean;
    /** Which provider's tokens the api expects (`OIDC_PROVIDER`; decision 0035). */
    provider: ProviderName;
    idpPort: number;
    issuer: string;
    clientId: string;
    audience: string;
    /** The scope an access token needs for `Lifetime/private-scoped`. */
    apiScope: string;
    /** What the web app asks for at sign-in. */
    webScope: string;
    /** Extra parameters of the web app's authorize and token requests (the audience). */
    requestParameters: { authorize: Record<string, string>; token: Record<string, string> };
    /** Access tokens that live longer (`exp - iat`) are refused. */
    accessTokenMaxMinutes: number;
    /**
     * Where an access token shows a second factor (decisions 0070, 0073): the profile's claims,
     * `SECOND_FACTOR_AMR_CLAIM`, and the contexts of `SECOND_FACTOR_ACR`.
     */
    secondFactor: SecondFactorRule;
  };
  /** How password and e-mail changes reach the provider (docs/product.md §2). */
  administration: AdministrationSettings;
  /**
   * The 32-byte key that encrypts the embedded provider's TOTP secrets (`TOTP_ENCRYPTION_KEY`,
   * decision 0066); null: one the provider generates per database (refused in production, 0098).
   */
  totpEncryptionKey: Buffer | null;
}

/** The key's 32 bytes from its hex or base64 (standard or URL-safe) form. */
function totpKeyOf(value: string | undefined): Buffer | null {
  if (value === undefined) return null;
  return /^[0-9a-fA-F]{64}$/.test(value)
    ? Buffer.from(value, 'hex')
    : Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
}

/** The profile's claims of a second factor, with the deployment's custom claim and contexts. */
function secondFactorRuleOf(
  provider: ProviderName,
  acrValues: string[],
  amrClaim: string | undefined,
): SecondFactorRule {
  const claims = providerProfile(provider).secondFactorClaims;
  return {
    ...claims,
    amrClaims: amrClaim === undefined ? claims.amrClaims : [...claims.amrClaims, amrClaim],
    acrValues,
  };
}

/** The problems of the external provider's settings, or of the embedded one's. */
function oidcProblems(env: Env, embedded: boolean): string[] {
  const problems: string[] = [];
  const provider = env.OIDC_PROVIDER;
  const external = [env.OIDC_ISSUER, env.OIDC_CLIENT_ID, env.OIDC_AUDIENCE];
  if (!embedded && external.some((v) => v === undefined)) {
    problems.push(
      'OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_AUDIENCE go together: set all three for an external provider, or none for the embedded one',
    );
  }
  if (embedded && provider !== 'generic') {
    problems.push(
      `OIDC_PROVIDER=${provider} needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_AUDIENCE of that provider (the embedded one is generic)`,
    );
  }
  if (!embedded && provider !== 'generic') {
    const issuerProblem = env.OIDC_ISSUER
      ? providerProfile(provider).issuerProblem(env.OIDC_ISSUER)
      : undefined;
    if (issuerProblem) problems.push(`OIDC_ISSUER ${issuerProblem} (OIDC_PROVIDER=${provider})`);
    if (env.OIDC_AUDIENCE !== undefined && env.OIDC_AUDIENCE === env.OIDC_CLIENT_ID) {
      problems.push(
        "OIDC_AUDIENCE must be the api's own audience, not OIDC_CLIENT_ID: an ID token is addressed to the client",
      );
    }
  }
  if (provider === 'entra' && !env.OIDC_API_SCOPE?.includes('/')) {
    problems.push(
      'OIDC_API_SCOPE must be the full name of the api scope for OIDC_PROVIDER=entra, such as api://<application id>/portal.api',
    );
  }
  if (embedded && env.SECOND_FACTOR_AMR_CLAIM !== undefined) {
    problems.push(
      'SECOND_FACTOR_AMR_CLAIM needs an external provider: the embedded one writes amr itself',
    );
  }
  return problems;
}

export function identityOf(env: Env, server: ServerConfig, problems: string[]): IdentityConfig {
  const embedded = [env.OIDC_ISSUER, env.OIDC_CLIENT_ID, env.OIDC_AUDIENCE].every(
    (v) => v === undefined,
  );
  const provider = env.OIDC_PROVIDER;
  problems.push(...oidcProblems(env, embedded));
  const issuer = env.OIDC_ISSUER ?? `http://${env.IDP_HOST}:${env.IDP_PORT}`;
  const administration = administrationSettingsOf(provider, embedded, issuer, env, problems);
  if (embedded && env.IDP_PORT === env.PORT) {
    problems.push('IDP_PORT must differ from PORT: the embedded provider has its own origin');
  }
  if (server.env === 'production' && embedded && env.TOTP_ENCRYPTION_KEY === undefined) {
    problems.push(
      'TOTP_ENCRYPTION_KEY is needed with NODE_ENV=production and the embedded identity provider: 32 random bytes (openssl rand -base64 32) that encrypt the authenticator secrets; keep it, as secrets encrypted with another key cannot be read',
    );
  }
  const audience = env.OIDC_AUDIENCE ?? `${server.publicUrl.origin}/api`;
  const requestedScope = env.OIDC_API_SCOPE ?? API_SCOPE;
  return {
    oidc: {
      embedded,
      provider,
      idpPort: env.IDP_PORT,
      issuer,
      clientId: env.OIDC_CLIENT_ID ?? 'practice-portal-web',
      audience,
      apiScope: tokenScopeOf(provider, requestedScope),
      webScope: `openid profile email offline_access ${requestedScope}`,
      requestParameters: requestParametersOf(provider, audience),
      accessTokenMaxMinutes: env.ACCESS_TOKEN_MAX_MINUTES,
      secondFactor: secondFactorRuleOf(
        provider,
        env.SECOND_FACTOR_ACR,
        env.SECOND_FACTOR_AMR_CLAIM,
      ),
    },
    administration,
    totpEncryptionKey: totpKeyOf(env.TOTP_ENCRYPTION_KEY),
  };
}
