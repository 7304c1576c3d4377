import { createHash } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { normalizeEmail } from '@pp/contract';
import type { IdpDb } from '../db/database.ts';
import { idpThrottle } from '../db/schema.ts';

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
  /**
   * Failed sign-ins per account from one client: one client address, or one browser that has
   * signed in to the account before (its device cookie). Only that client waits (decision 0051).
   */
  account: DelayPolicy;
  /** Failed sign-ins per client address, across accounts. */
  address: DelayPolicy;
  /**
   * Failed sign-ins per account from all clients together. From `failures` on, every attempt at
   * the account is held `holdMilliseconds` and an alert is logged: slowed, never refused.
   */
  accountCeiling: { failures: number; holdMilliseconds: number };
  /**
   * Requests per client address of the forms that send mail (registration, a new confirmation
   * link, a forgotten password): each request counts, not only failures.
   */
  mailRequests: DelayPolicy;
  /**
   * Wrong codes of an account's second factor from all clients together (issue 41, finding 2):
   * past `freeFailures` within `windowSeconds`, every client waits, whatever its address — a
   * guesser with many addresses gains nothing — and the owner gets a mail. From `lastFailures`
   * on, each further code waits the whole window. A right code starts the count again.
   */
  secondFactorAccount: DelayPolicy & { windowSeconds: number; lastFailures: number };
  /** A key's count is forgotten after this long without a new one. */
  windowSeconds: number;
}

export const DEFAULT_THROTTLE: ThrottlePolicy = {
  account: { freeFailures: 3, baseDelaySeconds: 2, maxDelaySeconds: 60 },
  // Several people of a practice may share one address: more leeway, shorter waits.
  address: { freeFailures: 10, baseDelaySeconds: 1, maxDelaySeconds: 30 },
  // Far beyond what one person mistypes: an attack from many addresses, worth an alert.
  accountCeiling: { failures: 100, holdMilliseconds: 1000 },
  // A practice behind one address may register a few people at once; a script may not.
  mailRequests: { freeFailures: 10, baseDelaySeconds: 2, maxDelaySeconds: 60 },
  // Ten wrong codes are a person struggling with their phone's clock; after them one minute,
  // doubling to an hour: about 40 guesses a day at a six-digit code, and after 100 in a row
  // (NIST SP 800-63B 5.2.2's ceiling, OWASP ASVS 2.2.1) one a day.
  secondFactorAccount: {
    freeFailures: 10,
    baseDelaySeconds: 60,
    maxDelaySeconds: 60 * 60,
    windowSeconds: 24 * 60 * 60,
    lastFailures: 100,
  },
  windowSeconds: 15 * 60,
};

/** Seconds to wait after the `failures`-th failure in a row. */
export function delayAfter(failures: number, policy: DelayPolicy): number {
  const counted = failures - policy.freeFailures;
  if (counted <= 0) return 0;
  return Math.min(policy.maxDelaySeconds, policy.baseDelaySeconds * 2 ** (counted - 1));
}

export interface ThrottleKeys {
  /** The account from this client (address or known browser): the one that may have to wait. */
  client: string;
  /** The account from all clients, where every client waits (the second factor's codes). */
  shared?: string | undefined;
  /** The client address across accounts: waits too, unless the browser is known. */
  address: string;
  /** Whether the address's wait applies (not to a browser known to the account). */
  waitsForAddress: boolean;
  /** The account from all clients: counted for the ceiling, never waits. */
  account: string;
}

const digest = (value: string) => createHash('sha256').update(value).digest('base64url');

const accountDigest = (email: string) => digest(normalizeEmail(email));

/**
 * Keys are hashes: the table holds neither e-mail addresses nor client addresses. `device` is the
 * nonce of a valid device cookie of this account (`device-cookie.ts`), if the browser sent one.
 */
export function throttleKeys(
  email: string,
  client: { address: string; device?: string | undefined },
): ThrottleKeys {
  const account = accountDigest(email);
  const known = client.device !== undefined;
  return {
    client: known
      ? `account-device:${account}:${digest(client.device ?? '')}`
      : `account-address:${account}:${digest(client.address)}`,
    address: `address:${digest(client.address)}`,
    waitsForAddress: !known,
    account: `account:${account}`,
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

/** Whole seconds until the client may try again; 0 when it may now. */
export function secondsToWait(db: IdpDb, keys: ThrottleKeys): Promise<number> {
  const own = keys.waitsForAddress ? [keys.client, keys.address] : [keys.client];
  return waitFor(db, keys.shared ? [...own, keys.shared] : own);
}

const FailuresRow = z.object({ failures: z.number().int() });

/** Counts one failure of `key` within the window; answers the count. */
async function countOne(db: IdpDb, key: string, windowSeconds: number): Promise<number> {
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
  return FailuresRow.parse(row).failures;
}

async function countFailure(
  db: IdpDb,
  key: string,
  policy: DelayPolicy,
  windowSeconds: number,
): Promise<number> {
  const failures = await countOne(db, key, windowSeconds);
  await waitAfter(db, key, delayAfter(failures, policy));
  return delayAfter(failures, policy);
}

async function waitAfter(db: IdpDb, key: string, seconds: number): Promise<void> {
  await db
    .update(idpThrottle)
    .set({ nextAllowedAt: sql`now() + make_interval(secs => ${seconds})` })
    .where(eq(idpThrottle.key, key));
}

/**
 * Counts a wrong code for the account from all clients; answers the count in the window and the
 * wait it starts for every client.
 */
export async function recordSharedFailure(
  db: IdpDb,
  key: string,
  policy: ThrottlePolicy['secondFactorAccount'],
): Promise<{ failures: number; waitSeconds: number }> {
  const failures = await countOne(db, key, policy.windowSeconds);
  const waitSeconds =
    failures >= policy.lastFailures ? policy.windowSeconds : delayAfter(failures, policy);
  await waitAfter(db, key, waitSeconds);
  return { failures, waitSeconds };
}

/**
 * Counts a failed attempt for every key; answers the seconds the client waits before its next
 * one and the account's failures from all clients in the window.
 */
export async function recordFailure(
  db: IdpDb,
  keys: ThrottleKeys,
  policy: ThrottlePolicy,
): Promise<{ waitSeconds: number; accountFailures: number }> {
  const client = await countFailure(db, keys.client, policy.account, policy.windowSeconds);
  const address = await countFailure(db, keys.address, policy.address, policy.windowSeconds);
  const accountFailures = await countOne(db, keys.account, policy.windowSeconds);
  return { waitSeconds: Math.max(client, keys.waitsForAddress ? address : 0), accountFailures };
}

/** The account's failures from all clients within the window (read without waiting for a lock). */
export async function accountFailures(
  db: IdpDb,
  keys: ThrottleKeys,
  windowSeconds: number,
): Promise<number> {
  const [row] = await db
    .select({ failures: idpThrottle.failures })
    .from(idpThrottle)
    .where(
      sql`${idpThrottle.key} = ${keys.account} and ${idpThrottle.lastFailureAt} >= now() - make_interval(secs => ${windowSeconds})`,
    );
  return row ? FailuresRow.parse(row).failures : 0;
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

/**
 * A successful sign-in forgets the failures of the account from this client; not those of the
 * address across accounts, nor the account's count towards the ceiling (an attack elsewhere).
 */
export async function recordSuccess(db: IdpDb, keys: ThrottleKeys): Promise<void> {
  const own = keys.shared ? [keys.client, keys.shared] : [keys.client];
  await db.delete(idpThrottle).where(inArray(idpThrottle.key, own));
}

/**
 * A new password forgets the account's failures from every client, its codes' per client
 * included: whoever guessed at them no longer has the password. The account's own count of wrong
 * codes stays (its day runs on): a reset must not buy whoever has the password and the mailbox
 * ten more free guesses (outside probe 3 of issue 41).
 */
export async function forgetAccountFailures(
  db: IdpDb,
  account: { email: string; id: string },
): Promise<void> {
  const digestOf = accountDigest(account.email);
  const codes = secondFactorDigest(account.id);
  await db
    .delete(idpThrottle)
    .where(
      sql`${idpThrottle.key} in (${`account:${digestOf}`}, ${`second-factor:${codes}`}) or starts_with(${idpThrottle.key}, ${`account-address:${digestOf}:`}) or starts_with(${idpThrottle.key}, ${`account-device:${digestOf}:`}) or starts_with(${idpThrottle.key}, ${`second-factor-address:${codes}:`}) or starts_with(${idpThrottle.key}, ${`second-factor-device:${codes}:`})`,
    );
}

/** Removes counters whose window has passed (the codes' shared counters have a longer one). */
export async function sweepThrottle(db: IdpDb, policy: ThrottlePolicy): Promise<void> {
  const shared = sql`starts_with(${idpThrottle.key}, 'second-factor-account:')`;
  const window = sql`make_interval(secs => case when ${shared} then ${policy.secondFactorAccount.windowSeconds}::int else ${policy.windowSeconds}::int end)`;
  await db
    .delete(idpThrottle)
    .where(
      sql`${idpThrottle.lastFailureAt} < now() - ${window} and ${idpThrottle.nextAllowedAt} < now()`,
    );
}

/**
 * The keys of a second factor's codes (authenticator or recovery code) after a correct password:
 * counted like passwords (decision 0051), per account and client, per client address, and per
 * account from all clients, but apart from the password's counters.
 */
const secondFactorDigest = (accountId: string) => digest(`second-factor:${accountId}`);

export function secondFactorThrottleKeys(
  accountId: string,
  client: { address: string; device?: string | undefined },
): ThrottleKeys {
  const account = secondFactorDigest(accountId);
  const known = client.device !== undefined;
  return {
    client: known
      ? `second-factor-device:${account}:${digest(client.device ?? '')}`
      : `second-factor-address:${account}:${digest(client.address)}`,
    address: `address:${digest(client.address)}`,
    waitsForAddress: !known,
    account: `second-factor:${account}`,
    shared: `second-factor-account:${account}`,
  };
}
