import { createHash } from 'node:crypto';
import { and, desc, eq, ne, notInArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { SIGN_IN_METHODS } from '@pp/contract';
import { findAccountByEmail } from '../accounts/accounts.ts';
import type { IdpDb } from '../db/database.ts';
import { idpSignIns, type SignInOutcomeKind } from '../db/schema.ts';

/**
 * An account's sign-ins and failed attempts (decision 0067), one entry per attempt (issue 41,
 * finding 8): a wrong password or passkey is a failure at once; a right password of an account
 * with a second factor starts an `incomplete` entry, which the second step settles — a success
 * with the method actually used, or a failure after a wrong code. Every finished sign-in goes
 * through `completeSignIn` (sign-in/complete.ts). The newest {@link KEPT_PER_OUTCOME} of
 * each outcome are kept.
 */
export const KEPT_PER_OUTCOME = 30;
/** How many the security page shows. */
export const SHOWN_SIGN_INS = 30;

/** The method of a sign-in as the history names it: what was proven, in order (contract). */
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

/** Whether an `amr` names a second factor. */
export function hasSecondFactor(amr: readonly string[] | undefined): boolean {
  // The provider says `mfa` whenever two factors were used (a passkey only with its PIN or
  // biometrics): a passkey alone is one factor.
  return amr?.includes('mfa') ?? false;
}

/** What identifies a browser in the history: the SHA-256 of its device cookie's nonce. */
export function deviceDigest(nonce: string | undefined): string | null {
  return nonce === undefined ? null : createHash('sha256').update(nonce).digest('base64url');
}

export interface SignInEntry {
  accountId: string;
  outcome: SignInOutcomeKind;
  method: SignInMethod;
  secondFactor: boolean;
  userAgent: string;
  /** The device cookie's nonce the browser brought (valid for this account), if any. */
  device: string | undefined;
  newBrowser?: boolean;
}

/** Whether the account has signed in successfully before (a record of it is kept). */
export async function hasSignedInBefore(db: IdpDb, accountId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: idpSignIns.id })
    .from(idpSignIns)
    .where(and(eq(idpSignIns.accountId, accountId), eq(idpSignIns.outcome, 'success')))
    .limit(1);
  return row !== undefined;
}

/** At most one new-browser mail a day per account, so the notices never use up its mail limit. */
export const NEW_BROWSER_MAIL_EVERY_SECONDS = 24 * 60 * 60;

/** Whether a new-browser mail went to the account within {@link NEW_BROWSER_MAIL_EVERY_SECONDS}. */
export async function mailedNewBrowserRecently(db: IdpDb, accountId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: idpSignIns.id })
    .from(idpSignIns)
    .where(
      and(
        eq(idpSignIns.accountId, accountId),
        eq(idpSignIns.newBrowser, true),
        sql`${idpSignIns.at} > now() - make_interval(secs => ${NEW_BROWSER_MAIL_EVERY_SECONDS})`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Writes one entry and drops that outcome's entries past the newest {@link KEPT_PER_OUTCOME}. */
export async function recordSignInEntry(db: IdpDb, entry: SignInEntry): Promise<string> {
  const [row] = await db
    .insert(idpSignIns)
    .values({
      accountId: entry.accountId,
      outcome: entry.outcome,
      method: entry.method,
      secondFactor: entry.secondFactor,
      userAgent: entry.userAgent,
      device: deviceDigest(entry.device),
      newBrowser: entry.newBrowser ?? false,
    })
    .returning({ id: idpSignIns.id });
  await keepNewest(db, entry.accountId, entry.outcome);
  return row?.id ?? '';
}

/** Whether the attempt's entry still waits for its second step: not ended in a success. */
export async function isOpenAttempt(
  db: IdpDb,
  attemptId: string,
  accountId: string,
): Promise<boolean> {
  if (!z.uuid().safeParse(attemptId).success) return false;
  const [row] = await db
    .select({ outcome: idpSignIns.outcome })
    .from(idpSignIns)
    .where(and(eq(idpSignIns.id, attemptId), eq(idpSignIns.accountId, accountId)));
  return row !== undefined && row.outcome !== 'success';
}

/**
 * Settles the entry an attempt started (its password was right) with how it went on; a success
 * stays a success (a late or parallel post cannot turn it into a failure). An entry that is gone
 * (dropped as too old) is written anew. The time stays the attempt's start.
 */
export async function settleSignInEntry(
  db: IdpDb,
  attemptId: string,
  entry: SignInEntry,
): Promise<void> {
  const settled = z.uuid().safeParse(attemptId).success
    ? await db
        .update(idpSignIns)
        .set({
          outcome: entry.outcome,
          method: entry.method,
          secondFactor: entry.secondFactor,
          device: deviceDigest(entry.device),
          newBrowser: entry.newBrowser ?? false,
        })
        .where(
          and(
            eq(idpSignIns.id, attemptId),
            eq(idpSignIns.accountId, entry.accountId),
            ne(idpSignIns.outcome, 'success'),
          ),
        )
        .returning({ id: idpSignIns.id })
    : [];
  if (settled.length === 0) {
    if (!(await entryExists(db, attemptId))) await recordSignInEntry(db, entry);
    return;
  }
  await keepNewest(db, entry.accountId, entry.outcome);
}

async function entryExists(db: IdpDb, attemptId: string): Promise<boolean> {
  if (!z.uuid().safeParse(attemptId).success) return false;
  const [row] = await db
    .select({ id: idpSignIns.id })
    .from(idpSignIns)
    .where(eq(idpSignIns.id, attemptId));
  return row !== undefined;
}

async function keepNewest(db: IdpDb, accountId: string, outcome: SignInOutcomeKind) {
  const kept = db
    .select({ id: idpSignIns.id })
    .from(idpSignIns)
    .where(and(eq(idpSignIns.accountId, accountId), eq(idpSignIns.outcome, outcome)))
    .orderBy(desc(idpSignIns.at), desc(idpSignIns.id))
    .limit(KEPT_PER_OUTCOME);
  await db
    .delete(idpSignIns)
    .where(
      and(
        eq(idpSignIns.accountId, accountId),
        eq(idpSignIns.outcome, outcome),
        notInArray(idpSignIns.id, kept),
      ),
    );
}

/**
 * A wrong password for the account of `email`: recorded when the address has an account (an
 * unknown address has no history). The form answers the same either way.
 */
export async function recordFailedSignIn(
  db: IdpDb,
  attempt: { email: string; userAgent: string; device: string | undefined; method?: SignInMethod },
): Promise<void> {
  const account = await findAccountByEmail(db, attempt.email);
  if (!account) return;
  await recordSignInEntry(db, {
    accountId: account.id,
    outcome: 'failure',
    method: attempt.method ?? 'password',
    secondFactor: false,
    userAgent: attempt.userAgent,
    device: attempt.device,
  });
}

export interface RecentSignIn {
  id: string;
  at: Date;
  outcome: SignInOutcomeKind;
  method: string;
  secondFactor: boolean;
  userAgent: string;
  newBrowser: boolean;
}

/** The account's newest sign-ins and failed attempts, newest first. */
export async function recentSignIns(db: IdpDb, accountId: string): Promise<RecentSignIn[]> {
  return db
    .select({
      id: idpSignIns.id,
      at: idpSignIns.at,
      outcome: idpSignIns.outcome,
      method: idpSignIns.method,
      secondFactor: idpSignIns.secondFactor,
      userAgent: idpSignIns.userAgent,
      newBrowser: idpSignIns.newBrowser,
    })
    .from(idpSignIns)
    .where(eq(idpSignIns.accountId, accountId))
    .orderBy(desc(idpSignIns.at), sql`${idpSignIns.id} desc`)
    .limit(SHOWN_SIGN_INS);
}

/**
 * Removes sign-ins and failed attempts older than `days` (retention, docs/privacy.md). An
 * account that has not signed in for that long has no history left: its next sign-in from a new
 * browser is taken as its first and sends no new-browser mail.
 */
export async function sweepSignInHistory(db: IdpDb, days: number): Promise<number> {
  const removed = await db
    .delete(idpSignIns)
    .where(sql`${idpSignIns.at} < now() - make_interval(days => ${days})`)
    .returning({ id: idpSignIns.id });
  return removed.length;
}
