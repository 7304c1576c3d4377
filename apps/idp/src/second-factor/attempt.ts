import { sql } from 'drizzle-orm';
import type { Account } from '../accounts/accounts.ts';
import type { IdpDb } from '../db/database.ts';
import type { ResolvedOptions } from '../options.ts';
import { noticeCodeFailures } from '../sessions/security-notices.ts';
import { CEILING_ALERT } from '../sign-in/sign-in-attempt.ts';
import {
  recordFailure,
  recordSharedFailure,
  recordSuccess,
  secondFactorThrottleKeys,
  secondsToWait,
  type ThrottleKeys,
} from '../sessions/throttle.ts';

export type CodeOutcome =
  | { kind: 'throttled'; waitSeconds: number }
  | { kind: 'failed'; waitSeconds: number }
  | { kind: 'accepted' };

export interface CodeAttempt {
  account: Pick<Account, 'id' | 'email' | 'locale'>;
  clientAddress: string;
  /** The nonce of the browser's device cookie for this account, if any. */
  device?: string | undefined;
  /**
   * A code someone could guess (an app's or a recovery code): it also counts towards the
   * account's limit from all clients. A passkey's signature cannot be guessed.
   */
  guessable?: boolean;
}

export type AttemptOptions = Pick<
  ResolvedOptions,
  'db' | 'throttle' | 'logger' | 'mailer' | 'portalUrl'
>;

/**
 * Counts a wrong code: for this client (decision 0051) and, for a guessable code, for the account
 * from all clients, whose limit makes every client wait and tells the owner once it begins to
 * hold (issue 41, finding 2). Answers the wait of the client that failed.
 */
async function countWrongCode(
  options: AttemptOptions,
  tx: IdpDb,
  keys: ThrottleKeys,
  attempt: CodeAttempt,
): Promise<number> {
  const failure = await recordFailure(tx, keys, options.throttle);
  if (failure.accountFailures % options.throttle.accountCeiling.failures === 0) {
    options.logger.warn({ failures: failure.accountFailures, key: keys.account }, CEILING_ALERT);
  }
  if (!keys.shared) return failure.waitSeconds;
  const policy = options.throttle.secondFactorAccount;
  const shared = await recordSharedFailure(tx, keys.shared, policy);
  if (shared.failures === policy.freeFailures + 1) {
    options.logger.warn(
      { accountId: attempt.account.id, failures: shared.failures },
      'second-factor codes refused from every client',
    );
    await noticeCodeFailures(options, tx, attempt.account);
  }
  return Math.max(failure.waitSeconds, shared.waitSeconds);
}

/**
 * One attempt at a code of the account's second factor, throttled as passwords are: while the
 * client must wait nothing is checked; a failure makes its next wait longer (decision 0051). A
 * right code forgets this client's failures and the account's count from all clients.
 */
export async function attemptCode(
  options: AttemptOptions,
  attempt: CodeAttempt,
  check: (db: IdpDb) => Promise<boolean>,
): Promise<CodeOutcome> {
  const all = secondFactorThrottleKeys(attempt.account.id, {
    address: attempt.clientAddress,
    device: attempt.device,
  });
  const keys: ThrottleKeys = attempt.guessable === false ? { ...all, shared: undefined } : all;
  return options.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${keys.client}))`);
    // Every client of the account at once: parallel guesses from many addresses pass one by one.
    if (keys.shared) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${keys.shared}))`);
    const wait = await secondsToWait(tx, keys);
    if (wait > 0) return { kind: 'throttled', waitSeconds: wait };
    if (!(await check(tx))) {
      return { kind: 'failed', waitSeconds: await countWrongCode(options, tx, keys, attempt) };
    }
    await recordSuccess(tx, keys);
    return { kind: 'accepted' };
  });
}
