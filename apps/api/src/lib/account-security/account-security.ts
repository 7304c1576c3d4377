import type { FastifyRequest } from 'fastify';
import type { AccountSessions, AccountSignIns } from '@pp/contract';
import {
  accountSessions,
  accountSignIns,
  findAccountByEmail,
  type AccountSession,
  type AccountSignIn,
} from '@pp/idp';
import type { Config } from '../../config.ts';

/**
 * Where an external provider lists a person's sessions and sign-ins (decision 0068): Keycloak's
 * account console, Entra ID's My Sign-Ins; none known for Auth0 and a generic provider.
 */
export function providerSecurityUrl(config: Config): string | null {
  if (config.oidc.embedded) return null;
  switch (config.oidc.provider) {
    case 'keycloak':
      return `${config.oidc.issuer.replace(/\/$/, '')}/account/account-security/device-activity`;
    case 'entra':
      return 'https://mysignins.microsoft.com/security-info';
    default:
      return null;
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
