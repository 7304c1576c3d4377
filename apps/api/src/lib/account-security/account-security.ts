import type { FastifyRequest } from 'fastify';
import {
  ACCOUNT_ACTIONS,
  type AccountAction,
  type AccountSessions,
  type AccountSignIns,
  type WebConfiguration,
} from '@pp/contract';
import {
  accountSessions,
  accountSignIns,
  findAccountByEmail,
  type AccountSession,
  type AccountSignIn,
} from '@pp/idp';
import type { Config } from '../../config.ts';
import { EMBEDDED_SECOND_FACTOR_ACR } from '../tokens/second-factor.ts';

/** The realm's account console (Keycloak), under the issuer: `<issuer>/account/<page>`. */
const keycloakAccountPage = (config: Config, page: string) =>
  `${config.oidc.issuer.replace(/\/$/, '')}/account/account-security/${page}`;

/**
 * Where an external provider lists a person's sessions and sign-ins (decision 0068): Keycloak's
 * account console, Entra ID's My Sign-Ins; none known for Auth0 and a generic provider.
 */
export function providerSecurityUrl(config: Config): string | null {
  if (config.oidc.embedded) return null;
  switch (config.oidc.provider) {
    case 'keycloak':
      return keycloakAccountPage(config, 'device-activity');
    case 'entra':
      return config.administration.kind === 'self-service'
        ? config.administration.securityInfoUrl
        : null;
    default:
      return null;
  }
}

/**
 * Where a person closes their sign-in account at an external provider after the portal deleted
 * its own data (decision 0078): Keycloak's account console (whose "Delete account" the realm
 * offers once its required action is enabled), Entra ID's My Account; none known for Auth0 and
 * a generic provider. Null with the embedded provider, which deletes the account itself.
 */
export function providerAccountPage(config: Config): string | null {
  if (config.oidc.embedded) return null;
  switch (config.oidc.provider) {
    case 'keycloak':
      return `${config.oidc.issuer.replace(/\/$/, '')}/account`;
    case 'entra':
      return 'https://myaccount.microsoft.com/';
    default:
      return null;
  }
}

/** Auth0's (and OpenID PAPE's) `acr_values` that asks for a sign-in with more than one factor. */
export const PAPE_MULTI_FACTOR = 'http://schemas.openid.net/pape/policies/2007/06/multi-factor';
/** Entra ID's Conditional Access authentication contexts are `c1` to `c99`. */
const ENTRA_CONTEXT = /^c[1-9]\d?$/;

/** The contexts set in `SECOND_FACTOR_ACR` for this provider (not the embedded default). */
const configuredContexts = (config: Config) =>
  config.oidc.secondFactor.acrValues.filter((value) => value !== EMBEDDED_SECOND_FACTOR_ACR);

/**
 * What the security page and the "second factor required" panel offer at the provider, and how
 * (decision 0073): the provider's page of the person's sign-in methods, and the authorize
 * parameters of each account action it runs. Declared here, per provider, so the web app has
 * no provider of its own to tell apart.
 */
export function accountSecurityOf(config: Config): WebConfiguration['accountSecurity'] {
  if (config.oidc.embedded) {
    // Decision 0064: every action is the provider's `pp_action`; `step-up` proves a second
    // factor now, setting the app up first where the account has none (issue 41).
    const actions: Partial<Record<AccountAction, Record<string, string>>> = {};
    for (const action of ACCOUNT_ACTIONS) actions[action] = { pp_action: action };
    return { pageUrl: null, actions };
  }
  const [context] = configuredContexts(config);
  switch (config.oidc.provider) {
    case 'keycloak':
      // Application Initiated Actions: `kc_action` names a required action's provider id. A
      // step-up asks for the level of SECOND_FACTOR_ACR where one is set (ACR to LoA mapping),
      // else sets up the authenticator app, after which the AMR mapper says `otp`.
      return {
        pageUrl: keycloakAccountPage(config, 'signing-in'),
        actions: {
          'step-up':
            context === undefined ? { kc_action: 'CONFIGURE_TOTP' } : { acr_values: context },
          'configure-totp': { kc_action: 'CONFIGURE_TOTP' },
          'add-passkey': { kc_action: 'webauthn-register-passwordless' },
        },
      };
    case 'entra': {
      // Methods are set up in My Sign-Ins; a step-up is a claims request for the authentication
      // context, whose Conditional Access policy asks for (and first registers) MFA.
      const entraContext = configuredContexts(config).find((value) => ENTRA_CONTEXT.test(value));
      return {
        pageUrl: providerSecurityUrl(config),
        actions:
          entraContext === undefined
            ? {}
            : {
                'step-up': {
                  claims: JSON.stringify({
                    access_token: { acrs: { essential: true, value: entraContext } },
                  }),
                },
              },
      };
    }
    case 'auth0':
      // No self-service page: Universal Login enrolls a factor when the sign-in asks for MFA,
      // which the post-login Action of docs/identity-providers.md does for this `acr_values`.
      return { pageUrl: null, actions: { 'step-up': { acr_values: PAPE_MULTI_FACTOR } } };
    case 'generic':
      return { pageUrl: null, actions: {} };
  }
}

/**
 * The embedded provider's account of the caller: the account of the customer's verified address
 * (identities are linked by it, docs/product.md §2). Undefined with an external provider, or
 * when the provider has no such account (nothing to list or end).
 */
export async function callerAccountId(request: FastifyRequest): Promise<string | undefined> {
  const { config, db } = request.server;
  if (!config.oidc.embedded || !request.customer) return undefined;
  return (await findAccountByEmail(db, request.customer.email))?.id;
}

/** The token's `sid`: the provider session it was issued in ("this device"). */
function callerSid(request: FastifyRequest): string | undefined {
  const sid = request.token?.claims['sid'];
  return typeof sid === 'string' ? sid : undefined;
}

const known = (config: Config) => ({
  managedByProvider: !config.oidc.embedded,
  providerUrl: providerSecurityUrl(config),
});

const sessionOut = (session: AccountSession) => ({
  id: session.id,
  browser: session.browser,
  system: session.system,
  signedInAt: session.signedInAt.toISOString(),
  lastActiveAt: session.lastActiveAt.toISOString(),
  current: session.current,
});

const signInOut = (entry: AccountSignIn) => ({
  id: entry.id,
  at: entry.at.toISOString(),
  outcome: entry.outcome,
  method: entry.method,
  secondFactor: entry.secondFactor,
  browser: entry.browser,
  system: entry.system,
  newBrowser: entry.newBrowser,
});

export async function sessionsOf(request: FastifyRequest): Promise<AccountSessions> {
  const accountId = await callerAccountId(request);
  const sessions =
    accountId === undefined
      ? []
      : await accountSessions(request.server.db, accountId, callerSid(request));
  return { ...known(request.server.config), sessions: sessions.map(sessionOut) };
}

export async function signInsOf(request: FastifyRequest): Promise<AccountSignIns> {
  const accountId = await callerAccountId(request);
  const signIns = accountId === undefined ? [] : await accountSignIns(request.server.db, accountId);
  return { ...known(request.server.config), signIns: signIns.map(signInOut) };
}
