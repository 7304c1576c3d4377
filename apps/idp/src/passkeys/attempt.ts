import { createHash } from 'node:crypto';
import type { Account } from '../accounts/accounts.ts';
import { attemptCode, type AttemptOptions, type CodeOutcome } from '../second-factor/attempt.ts';
import type { IdpDb } from '../db/database.ts';
import { sql } from 'drizzle-orm';
import {
  recordFailure,
  recordSuccess,
  secondsToWait,
  type ThrottleKeys,
} from '../sessions/throttle.ts';

const digest = (value: string) => createHash('sha256').update(value).digest('base64url');

/**
 * The keys of a passkey whose credential the provider does not know: there is no account, so
 * the client address waits (as after wrong passwords, decision 0051), and all such failures
 * count together for the ceiling alert.
 */
export function unknownPasskeyKeys(address: string): ThrottleKeys {
  return {
    client: `passkey-unknown:${digest(address)}`,
    address: `address:${digest(address)}`,
    waitsForAddress: true,
    account: 'passkey-unknown',
  };
}

/**
 * One passkey attempt, throttled as passwords are: for a known credential under the account's
 * second-factor keys (a passkey and the account's codes share one count, so alternating between
 * them gains nothing), for an unknown one under the client address. While the client must wait,
 * nothing is checked.
 */
export async function attemptPasskey(
  options: AttemptOptions,
  attempt: {
    account: Pick<Account, 'id' | 'email' | 'locale'> | undefined;
    clientAddress: string;
    device?: string | undefined;
  },
  check: (db: IdpDb) => Promise<boolean>,
): Promise<CodeOutcome> {
  if (attempt.account !== undefined) {
    const { account, clientAddress, device } = attempt;
    return attemptCode(options, { account, clientAddress, device, guessable: false }, check);
  }
  const keys = unknownPasskeyKeys(attempt.clientAddress);
  return options.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${keys.client}))`);
    const wait = await secondsToWait(tx, keys);
    if (wait > 0) return { kind: 'throttled', waitSeconds: wait };
    if (!(await check(tx))) {
      const failure = await recordFailure(tx, keys, options.throttle);
      return { kind: 'failed', waitSeconds: failure.waitSeconds };
    }
    await recordSuccess(tx, keys);
    return { kind: 'accepted' };
  });
}
