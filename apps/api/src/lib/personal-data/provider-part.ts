import type { PersonalDataExport } from '@pp/contract';
import {
  accountSessions,
  accountSignIns,
  findAccountByEmail,
  listPasskeys,
  secondFactorState,
} from '@pp/idp';
import type { Config } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import { providerSecurityUrl } from '../account-security/account-security.ts';

type SignInPart = PersonalDataExport['signIn'];

/**
 * What the embedded provider holds about the caller's account, found by the customer's verified
 * address as the security page finds it: dates, names and browsers only. Its secrets (password
 * hash, TOTP secret, recovery codes, passkey keys, link hashes, cookies) are never read here.
 * With an external provider the portal holds none of it and names the provider's page. Read in
 * the caller's transaction: PGlite has one connection, which the transaction holds.
 */
export async function providerPart(
  config: Config,
  db: Executor,
  email: string,
): Promise<SignInPart> {
  const nothing: SignInPart = {
    managedByProvider: !config.oidc.embedded,
    providerUrl: providerSecurityUrl(config),
    accountCreatedAt: null,
    authenticatorAppSince: null,
    recoveryCodesLeft: null,
    passkeys: [],
    sessions: [],
    signIns: [],
  };
  if (!config.oidc.embedded) return nothing;
  const account = await findAccountByEmail(db, email);
  if (!account) return nothing;
  const factors = await secondFactorState(db, account.id);
  const passkeys = await listPasskeys(db, account.id);
  const sessions = await accountSessions(db, account.id, undefined);
  const signIns = await accountSignIns(db, account.id);
  return {
    ...nothing,
    accountCreatedAt: account.createdAt.toISOString(),
    authenticatorAppSince: factors.totpConfirmedAt?.toISOString() ?? null,
    recoveryCodesLeft: factors.totpConfirmedAt ? factors.recoveryCodesLeft : null,
    passkeys: passkeys.map((passkey) => ({
      name: passkey.name,
      createdAt: passkey.createdAt.toISOString(),
      lastUsedAt: passkey.lastUsedAt?.toISOString() ?? null,
    })),
    sessions: sessions.map((session) => ({
      browser: session.browser,
      system: session.system,
      signedInAt: session.signedInAt.toISOString(),
      lastActiveAt: session.lastActiveAt.toISOString(),
    })),
    signIns: signIns.map((entry) => ({
      at: entry.at.toISOString(),
      outcome: entry.outcome,
      method: entry.method,
      secondFactor: entry.secondFactor,
      browser: entry.browser,
      system: entry.system,
      newBrowser: entry.newBrowser,
    })),
  };
}
