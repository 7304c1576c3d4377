import type { KoaContextWithOIDC } from 'oidc-provider';
import type { Account } from '../accounts/accounts.ts';
import type { IdpDb } from '../db/database.ts';
import { needsSecondStep, secondStepMethods } from '../second-factor/methods.ts';
import { hasSecondFactor } from './sign-in-history.ts';

/**
 * A sign-in as the provider uses it: the session's at an authorization, the code's or refresh
 * token's at the token endpoint (oidc-provider's `findAccount(ctx, sub, token)`).
 */
interface UsedLogin {
  amr?: readonly string[] | undefined;
  sessionUid?: string | undefined;
}

function usedLogin(ctx: KoaContextWithOIDC | undefined, token: unknown): UsedLogin {
  if (token && typeof token === 'object') {
    const { amr, sessionUid } = token as UsedLogin;
    return { amr, sessionUid };
  }
  const session = ctx?.oidc?.session;
  return session ? { amr: session.amr, sessionUid: session.uid } : {};
}

/**
 * Whether a sign-in still counts for the account. One with the password alone does not once
 * the account has a second factor, unless its session added that factor (setting a factor up
 * keeps the session that did it, as it was). Adding a factor ends every other session and every
 * finished password step it sees; this catches the sign-in whose password check ran before the
 * factor was there and whose result, session, code or token was written after (issue 41,
 * outside probe 7). Asked on every use, so no order of writes can outlast the setup.
 */
export async function countsForAccount(
  db: IdpDb,
  account: Account,
  ctx: KoaContextWithOIDC | undefined,
  token: unknown,
): Promise<boolean> {
  const { amr, sessionUid } = usedLogin(ctx, token);
  if (!amr?.includes('pwd') || hasSecondFactor(amr)) return true;
  if (sessionUid !== undefined && sessionUid === account.factorSessionUid) return true;
  return !needsSecondStep(await secondStepMethods(db, account.id));
}
