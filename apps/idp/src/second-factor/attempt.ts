import { sql } from 'drizzle-orm';
import type { IdpDb } from '../db/database.ts';
import { CEILING_ALERT, type AttemptOptions } from '../sign-in-attempt.ts';
import {
  recordFailure,
  recordSuccess,
  secondFactorThrottleKeys,
  secondsToWait,
} from '../throttle.ts';

export type CodeOutcome =
  | { kind: 'throttled'; waitSeconds: number }
  | { kind: 'failed'; waitSeconds: number }
  | { kind: 'accepted' };

export interface CodeAttempt {
  accountId: string;
  clientAddress: string;
  /** The nonce of the browser's device cookie for this account, if any. */
  device?: string | undefined;
}

/**
 * One attempt at a code of the account's second factor, throttled as passwords are: while the
 * client must wait nothing is checked; a failure makes its next wait longer (decision 0051).
 */
export async function attemptCode(
  options: AttemptOptions,
  attempt: CodeAttempt,
  check: (db: IdpDb) => Promise<boolean>,
): Promise<CodeOutcome> {
  const keys = secondFactorThrottleKeys(attempt.accountId, {
    address: attempt.clientAddress,
    device: attempt.device,
  });
  return options.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${keys.client}))`);
    const wait = await secondsToWait(tx, keys);
    if (wait > 0) return { kind: 'throttled', waitSeconds: wait };
    if (!(await check(tx))) {
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
    return { kind: 'accepted' };
  });
}
