import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { checkCredentials, type Account } from '../accounts/accounts.ts';
import type { ResolvedOptions } from '../options.ts';
import {
  accountFailures,
  recordFailure,
  recordSuccess,
  secondsToWait,
  throttleKeys,
  type ThrottleKeys,
} from '../sessions/throttle.ts';

export type SignInOutcome =
  | { kind: 'throttled'; waitSeconds: number }
  | { kind: 'failed'; waitSeconds: number }
  /** The password was right, but the address is not confirmed: no sign-in yet. */
  | { kind: 'unverified'; account: Account }
  | { kind: 'signed-in'; account: Account };

export interface SignInAttempt {
  email: string;
  password: string;
  clientAddress: string;
  /** The nonce of the browser's device cookie for this account (`knownDevice`), if any. */
  device?: string | undefined;
}

/** What an attempt needs of the provider's options: the database, the throttle and the log. */
export type AttemptOptions = Pick<ResolvedOptions, 'db' | 'throttle' | 'logger'>;

/** The alert an operator watches for: the account is guessed at from many clients. */
export const CEILING_ALERT =
  'sign-in failures for one account above the ceiling: attempts are held';

/** Past the account's ceiling every attempt waits a moment, outside any lock: slowed, not refused. */
async function holdPastCeiling(options: AttemptOptions, keys: ThrottleKeys): Promise<void> {
  const { accountCeiling, windowSeconds } = options.throttle;
  const failures = await accountFailures(options.db, keys, windowSeconds);
  if (failures >= accountCeiling.failures) await sleep(accountCeiling.holdMilliseconds);
}

/**
 * One attempt at an account's password — at the sign-in, or confirming a new account's address
 * (decision 0020) — counted per account and client, per client address, and per account from all
 * clients (decision 0051). While the client must wait, no password is checked; a failure makes
 * its next wait longer. Nobody waits for another client's failures.
 */
export async function attemptSignIn(
  options: AttemptOptions,
  attempt: SignInAttempt,
): Promise<SignInOutcome> {
  const keys = throttleKeys(attempt.email, {
    address: attempt.clientAddress,
    device: attempt.device,
  });
  await holdPastCeiling(options, keys);
  // Check, verify and record as one step per account and client: parallel attempts wait for
  // each other instead of all passing the same empty counter.
  return options.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${keys.client}))`);
    const wait = await secondsToWait(tx, keys);
    if (wait > 0) return { kind: 'throttled', waitSeconds: wait };
    const account = await checkCredentials(tx, attempt.email, attempt.password);
    if (!account) {
      const failure = await recordFailure(tx, keys, options.throttle);
      if (failure.accountFailures % options.throttle.accountCeiling.failures === 0) {
        options.logger.warn(
          { failures: failure.accountFailures, key: keys.account },
          CEILING_ALERT,
        );
      }
      return { kind: 'failed', waitSeconds: failure.waitSeconds };
    }
    await recordSuccess(tx, keys);
    if (!account.emailVerified) return { kind: 'unverified', account };
    return { kind: 'signed-in', account };
  });
}
