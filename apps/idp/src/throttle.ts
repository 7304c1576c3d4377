import { createHash } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { normalizeEmail } from '@pp/contract';
import type { IdpDb } from './db/database.ts';
import { idpThrottle } from './db/schema.ts';

/** How failures of one key turn into waiting time. */
export interface DelayPolicy {
  /** Failures that cost nothing (typos). */
  freeFailures: number;
  /** Wait after the first counted failure; doubles with every further one. */
  baseDelaySeconds: number;
  /** The wait never grows beyond this: slowed down, never locked out. */
  maxDelaySeconds: number;
}

export interface ThrottlePolicy {
  /** Failed sign-ins per account. */
  account: DelayPolicy;
  /** Failed sign-ins per client address. */
  address: DelayPolicy;
  /**
   * Requests per client address of the forms that send mail (registration, a new confirmation
   * link, a forgotten password): each request counts, not only failures.
   */
  mailRequests: DelayPolicy;
  /** A key's count is forgotten after this long without a new one. */
  windowSeconds: number;
}

export const DEFAULT_THROTTLE: ThrottlePolicy = {
  account: { freeFailures: 3, baseDelaySeconds: 2, maxDelaySeconds: 60 },
  // Several people of a practice may share one address: more leeway, shorter waits.
  address: { freeFailures: 10, baseDelaySeconds: 1, maxDelaySeconds: 30 },
  // A practice behind one address may register a few people at once; a script may not.
  mailRequests: { freeFailures: 10, baseDelaySeconds: 2, maxDelaySeconds: 60 },
  windowSeconds: 15 * 60,
};

/** Seconds to wait after the `failures`-th failure in a row. */
export function delayAfter(failures: number, policy: DelayPolicy): number {
  const counted = failures - policy.freeFailures;
  if (counted <= 0) return 0;
  return Math.min(policy.maxDelaySeconds, policy.baseDelaySeconds * 2 ** (counted - 1));
}

export interface ThrottleKeys {
  account: string;
  address: string;
}

const digest = (value: string) => createHash('sha256').update(value).digest('base64url');

/** Keys are hashes: the table holds neither e-mail addresses nor client addresses. */
export function throttleKeys(email: string, address: string): ThrottleKeys {
  return {
    account: `account:${digest(normalizeEmail(email))}`,
    address: `address:${digest(address)}`,
  };
}

/** The key of the forms that send mail, per client address (a kind of its own). */
export function mailRequestKey(address: string): string {
  return `mail-request:${digest(address)}`;
}

const WaitRow = z.object({ wait: z.coerce.number().nullable() });

async function waitFor(db: IdpDb, keys: string[]): Promise<number> {
  const result = await db
    .select({ wait: sql`max(extract(epoch from ${idpThrottle.nextAllowedAt} - now()))` })
    .from(idpThrottle)
    .where(inArray(idpThrottle.key, keys));
  const wait = WaitRow.parse(result[0] ?? { wait: null }).wait ?? 0;
  return wait > 0 ? Math.ceil(wait) : 0;
}

/** Whole seconds until both keys may try again; 0 when they may now. */
export function secondsToWait(db: IdpDb, keys: ThrottleKeys): Promise<number> {
  return waitFor(db, [keys.account, keys.address]);
}

const FailuresRow = z.object({ failures: z.number().int() });

async function countFailure(
  db: IdpDb,
  key: string,
  policy: DelayPolicy,
  windowSeconds: number,
): Promise<number> {
  const [row] = await db
    .insert(idpThrottle)
    .values({ key, failures: 1 })
    .onConflictDoUpdate({
      target: idpThrottle.key,
      set: {
        failures: sql`case when ${idpThrottle.lastFailureAt} < now() - make_interval(secs => ${windowSeconds}) then 1 else ${idpThrottle.failures} + 1 end`,
        lastFailureAt: sql`now()`,
      },
    })
    .returning({ failures: idpThrottle.failures });
  const { failures } = FailuresRow.parse(row);
  const delay = delayAfter(failures, policy);
  await db
    .update(idpThrottle)
    .set({ nextAllowedAt: sql`now() + make_interval(secs => ${delay})` })
    .where(eq(idpThrottle.key, key));
  return delay;
}

/** Counts a failed attempt for both keys; returns the seconds to wait before the next one. */
export async function recordFailure(
  db: IdpDb,
  keys: ThrottleKeys,
  policy: ThrottlePolicy,
): Promise<number> {
  const [account, address] = await Promise.all([
    countFailure(db, keys.account, policy.account, policy.windowSeconds),
    countFailure(db, keys.address, policy.address, policy.windowSeconds),
  ]);
  return Math.max(account, address);
}

/**
 * One request of a form that sends mail, from `address`: while the address must wait it is not
 * counted and the answer is the seconds to wait; otherwise it is counted and the answer is 0.
 */
export async function admitMailRequest(
  db: IdpDb,
  address: string,
  policy: ThrottlePolicy,
): Promise<number> {
  const key = mailRequestKey(address);
  return db.transaction(async (tx) => {
    // Parallel requests wait for each other instead of all passing the same count.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
    const wait = await waitFor(tx, [key]);
    if (wait > 0) return wait;
    await countFailure(tx, key, policy.mailRequests, policy.windowSeconds);
    return 0;
  });
}

/** A successful sign-in forgets the account's failures (not the address's). */
export async function recordSuccess(db: IdpDb, keys: ThrottleKeys): Promise<void> {
  await db.delete(idpThrottle).where(eq(idpThrottle.key, keys.account));
}

/** Removes counters whose window has passed. */
export async function sweepThrottle(db: IdpDb, policy: ThrottlePolicy): Promise<void> {
  await db
    .delete(idpThrottle)
    .where(
      sql`${idpThrottle.lastFailureAt} < now() - make_interval(secs => ${policy.windowSeconds}) and ${idpThrottle.nextAllowedAt} < now()`,
    );
}
