import { sql } from 'drizzle-orm';
import { checkCredentials, type Account } from './accounts.ts';
import type { ResolvedOptions } from './options.ts';
import { recordFailure, recordSuccess, secondsToWait, throttleKeys } from './throttle.ts';

export type SignInOutcome =
  | { kind: 'throttled'; waitSeconds: number }
  | { kind: 'failed'; waitSeconds: number }
  /** The password was right, but the address is not confirmed: no sign-in yet. */
  | { kind: 'unverified'; account: Account }
  | { kind: 'signed-in'; account: Account };

/**
 * One attempt at an account's password — at the sign-in, or confirming a new account's address
 * (decision 0020) — counted per account and per client address, the same counters for both.
 * While either must wait, no password is checked at all; a failure makes the next wait longer.
 */
export async function attemptSignIn(
  options: ResolvedOptions,
  attempt: { email: string; password: string; clientAddress: string },
): Promise<SignInOutcome> {
  const keys = throttleKeys(attempt.email, attempt.clientAddress);
  // Check, verify and record as one step per account: parallel attempts wait for each other
  // instead of all passing the same empty counter.
  return options.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${keys.account}))`);
    const wait = await secondsToWait(tx, keys);
    if (wait > 0) return { kind: 'throttled', waitSeconds: wait };
    const account = await checkCredentials(tx, attempt.email, attempt.password);
    if (!account) {
      return { kind: 'failed', waitSeconds: await recordFailure(tx, keys, options.throttle) };
    }
    await recordSuccess(tx, keys);
    if (!account.emailVerified) return { kind: 'unverified', account };
    return { kind: 'signed-in', account };
  });
}
