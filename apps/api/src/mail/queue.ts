import { and, eq, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import type { OutboxMail } from './delivery.ts';

const now = sql`now()`;
const inMs = (ms: number) => sql`now() + ${ms} * interval '1 millisecond'`;

/**
 * Claims up to `limit` due mails for this worker, oldest due first: pending ones whose time has
 * come, and ones whose sender's lock ran out (a worker that died mid-delivery). `FOR UPDATE SKIP
 * LOCKED` lets concurrent workers claim disjoint sets; the claim counts as an attempt.
 *
 * Each case is its own limited select in the order of `mail_outbox_due_idx` (status,
 * next_attempt_at): one `OR` across both made PostgreSQL read and sort every pending mail on each
 * claim (issue 46). The `sending` scan reads only mails under a claim, a few per live worker.
 * Their union is cut to `limit` again, oldest due first; a row locked but cut off stays pending
 * and is free again when the statement's transaction ends.
 */
export async function claimDueMails(
  db: Db,
  options: { limit: number; lockMs: number; maxAttempts: number },
): Promise<OutboxMail[]> {
  const candidates = (status: 'pending' | 'sending', isDue: SQL) =>
    db
      .select({ id: mailOutbox.id, nextAttemptAt: mailOutbox.nextAttemptAt })
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.status, status), isDue, lt(mailOutbox.attempts, options.maxAttempts)),
      )
      .orderBy(mailOutbox.nextAttemptAt)
      .limit(options.limit)
      .for('update', { skipLocked: true });
  const pending = db.$with('pending').as(candidates('pending', lte(mailOutbox.nextAttemptAt, now)));
  const abandoned = db
    .$with('abandoned')
    .as(candidates('sending', lt(mailOutbox.lockedUntil, now)));
  const due = db.$with('due').as(
    db
      .select({ id: pending.id, nextAttemptAt: pending.nextAttemptAt })
      .from(pending)
      .unionAll(
        db.select({ id: abandoned.id, nextAttemptAt: abandoned.nextAttemptAt }).from(abandoned),
      )
      // The order of a union can only name its output column, unqualified.
      .orderBy(sql`next_attempt_at`)
      .limit(options.limit),
  );
  return db
    .with(pending, abandoned, due)
    .update(mailOutbox)
    .set({
      status: 'sending',
      attempts: sql`${mailOutbox.attempts} + 1`,
      lockedUntil: inMs(options.lockMs),
    })
    .where(inArray(mailOutbox.id, db.select({ id: due.id }).from(due)))
    .returning({
      id: mailOutbox.id,
      messageId: mailOutbox.messageId,
      recipient: mailOutbox.recipient,
      subject: mailOutbox.subject,
      textBody: mailOutbox.textBody,
      htmlBody: mailOutbox.htmlBody,
      headers: mailOutbox.headers,
      attempts: mailOutbox.attempts,
    });
}

/** A worker's claim of a mail: the mail and the attempt its claim counted. */
export type Claim = Pick<OutboxMail, 'id' | 'attempts'>;

/**
 * The mail while this claim holds it: a worker whose claim ran out and was taken over (its
 * attempt was counted again) must not mark, renew, end or give back the other's (issue 46 review).
 */
const claimedBy = ({ id, attempts }: Claim) =>
  and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'sending'), eq(mailOutbox.attempts, attempts));

export async function markSent(db: Db, claim: Claim): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: now, lockedUntil: null, lastError: null })
    .where(claimedBy(claim));
}

export async function markRetry(db: Db, claim: Claim, delayMs: number, reason: string) {
  await db
    .update(mailOutbox)
    .set({ status: 'pending', nextAttemptAt: inMs(delayMs), lockedUntil: null, lastError: reason })
    .where(claimedBy(claim));
}

export async function markFailed(db: Db, claim: Claim, reason: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: 'failed', lockedUntil: null, lastError: reason })
    .where(claimedBy(claim));
}

/** Extends this worker's claim on the mails it has not finished yet (it is alive and at work). */
export async function renewClaims(db: Db, claims: Claim[], lockMs: number): Promise<void> {
  if (claims.length === 0) return;
  await db
    .update(mailOutbox)
    .set({ lockedUntil: inMs(lockMs) })
    .where(or(...claims.map(claimedBy)));
}

/**
 * Ends this worker's claims at once, as if it had died: the mails are taken again by the next run
 * of any worker (their claim counted as an attempt, as a dead worker's is), not when the claim runs
 * out. For a run that failed midway, when the database went away (docs/operations.md).
 */
export async function endClaims(db: Db, claims: Claim[]): Promise<void> {
  if (claims.length === 0) return;
  await db
    .update(mailOutbox)
    .set({ lockedUntil: inMs(-1) })
    .where(or(...claims.map(claimedBy)));
}

/**
 * Gives claimed mails back, due at once and with their claim not counted as an attempt: the SMTP
 * server could not be reached, which is no fault of theirs.
 */
export async function releaseClaims(db: Db, claims: Claim[], reason: string): Promise<void> {
  if (claims.length === 0) return;
  await db
    .update(mailOutbox)
    .set({
      status: 'pending',
      attempts: sql`${mailOutbox.attempts} - 1`,
      lockedUntil: null,
      lastError: reason,
    })
    .where(or(...claims.map(claimedBy)));
}

/** Mails whose last attempt was interrupted after the final claim: they get no further try. */
export async function failInterrupted(db: Db, maxAttempts: number): Promise<string[]> {
  const rows = await db
    .update(mailOutbox)
    .set({ status: 'failed', lockedUntil: null, lastError: 'interrupted' })
    .where(
      and(
        eq(mailOutbox.status, 'sending'),
        lt(mailOutbox.lockedUntil, now),
        sql`${mailOutbox.attempts} >= ${maxAttempts}`,
      ),
    )
    .returning({ id: mailOutbox.id });
  return rows.map((row) => row.id);
}
