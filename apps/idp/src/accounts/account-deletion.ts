import { eq } from 'drizzle-orm';
import { findAccountByEmail } from './accounts.ts';
import { endAccountState } from '../provider/adapter.ts';
import type { IdpDb } from '../db/database.ts';
import { idpAccounts } from '../db/schema.ts';
import type { IdentityMailer } from '../mail.ts';
import type { IdpLogger } from '../options.ts';
import { attemptCode } from '../second-factor/attempt.ts';
import { secondFactorKeysOf, type SecondFactorKeyOptions } from '../second-factor/key-source.ts';
import { acceptTotpCode, hasConfirmedTotp, useRecoveryCode } from '../second-factor/store.ts';
import { attemptSignIn } from '../sign-in/sign-in-attempt.ts';
import { DEFAULT_THROTTLE, type ThrottlePolicy } from '../sessions/throttle.ts';

/** The provider's second-factor key options: the codes are checked with its keys. */
export interface OwnerCheckOptions extends SecondFactorKeyOptions {
  db: IdpDb;
  logger: IdpLogger;
  throttle?: ThrottlePolicy;
  /** Tells the owner when wrong codes start to wait (issue 41, finding 2). */
  mailer: IdentityMailer;
  /** The portal's address, for the security page's link in that notice. */
  portalUrl: string;
}

export interface OwnerCheck {
  email: string;
  password: string;
  /** A current code of the authenticator app, or a recovery code; needed where one is set up. */
  code?: string | undefined;
  clientAddress: string;
}

export type OwnerConfirmation =
  | { kind: 'confirmed'; accountId: string }
  | { kind: 'no-account' }
  /** The password was right, and the account has an app: the code is missing. */
  | { kind: 'code-required' }
  | { kind: 'wrong-password' | 'wrong-code' | 'throttled'; waitSeconds: number };

/**
 * The password of the account, and where it has an authenticator app a current code or a
 * recovery code, before an action that cannot be undone (deleting the account, decision 0078):
 * checked and throttled exactly as at the sign-in (decisions 0051, 0064).
 */
export async function confirmAccountOwner(
  options: OwnerCheckOptions,
  check: OwnerCheck,
): Promise<OwnerConfirmation> {
  const attempt = { ...options, throttle: options.throttle ?? DEFAULT_THROTTLE };
  const account = await findAccountByEmail(options.db, check.email);
  if (!account) return { kind: 'no-account' };
  const client = { clientAddress: check.clientAddress };
  const signIn = await attemptSignIn(attempt, {
    email: account.email,
    password: check.password,
    ...client,
  });
  if (signIn.kind === 'throttled') return signIn;
  if (signIn.kind === 'failed') return { kind: 'wrong-password', waitSeconds: signIn.waitSeconds };
  if (!(await hasConfirmedTotp(options.db, account.id))) {
    return { kind: 'confirmed', accountId: account.id };
  }
  const typed = check.code?.trim() ?? '';
  if (typed === '') return { kind: 'code-required' };
  const keys = await secondFactorKeysOf(options.db, options);
  const code = await attemptCode(attempt, { account, ...client }, async (db) => {
    if (await acceptTotpCode(db, keys, account.id, typed)) return true;
    return useRecoveryCode(db, keys, account.id, typed);
  });
  if (code.kind === 'accepted') return { kind: 'confirmed', accountId: account.id };
  if (code.kind === 'throttled') return code;
  return { kind: 'wrong-code', waitSeconds: code.waitSeconds };
}

/**
 * Deletes the account in the caller's transaction: its sessions, grants and tokens end at once,
 * and its second factors, passkeys, sign-in history and links go with it (the tables' cascades).
 * False when the address has no account.
 */
export async function deleteAccount(tx: IdpDb, email: string): Promise<boolean> {
  const account = await findAccountByEmail(tx, email);
  if (!account) return false;
  await endAccountState(tx, account.id);
  await tx.delete(idpAccounts).where(eq(idpAccounts.id, account.id));
  return true;
}
