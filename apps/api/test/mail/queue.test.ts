import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../src/db/schema.ts';
import {
  claimDueMails,
  endClaims,
  markFailed,
  markRetry,
  markSent,
  releaseClaims,
} from '../../src/mail/queue.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { enqueue, newAddress, verificationMail } from './fixtures.ts';

const maxAttempts = 3;
const secondsFromNow = (seconds: number) => sql`now() + ${seconds} * interval '1 second'`;

// The claim reads pending mails and mails of a dead worker in two separate scans (issue 46);
// together they must still behave as one queue, ordered by when each mail is due.
describe('claiming due mails', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db?.drop());
  beforeEach(async () => {
    await db.database.db.delete(mailOutbox);
  });

  /** A mail in the outbox, due `dueIn` seconds from now (negative: overdue). */
  async function mail(
    dueIn: number,
    state:
      | { status: 'pending'; attempts?: number }
      | { status: 'sending'; lockedFor: number; attempts?: number }
      | { status: 'sent' | 'failed' },
  ): Promise<string> {
    const { id } = await enqueue(db.database.db, verificationMail(newAddress()));
    await db.database.db
      .update(mailOutbox)
      .set({
        status: state.status,
        attempts: 'attempts' in state ? (state.attempts ?? 1) : 1,
        nextAttemptAt: secondsFromNow(dueIn),
        lockedUntil: 'lockedFor' in state ? secondsFromNow(state.lockedFor) : null,
      })
      .where(eq(mailOutbox.id, id));
    return id;
  }

  const claim = (limit: number) =>
    claimDueMails(db.database.db, { limit, lockMs: 30_000, maxAttempts });

  it('takes the oldest due mails first, pending and abandoned alike, up to the limit', async () => {
    const pending = { status: 'pending', attempts: 0 } as const;
    const abandoned = { status: 'sending', lockedFor: -1 } as const;
    const oldest = [
      await mail(-60, pending),
      await mail(-50, abandoned),
      await mail(-40, pending),
      await mail(-30, abandoned),
    ];
    const newest = [await mail(-20, pending), await mail(-10, abandoned)];

    // The claim counts as an attempt, for a taken-over mail as well.
    const first = await claim(4);
    expect(Object.fromEntries(first.map((m) => [m.id, m.attempts]))).toEqual(
      Object.fromEntries(oldest.map((id, i) => [id, i % 2 === 0 ? 1 : 2])),
    );
    const rows = await db.database.db
      .select({
        status: mailOutbox.status,
        lockedFuture: sql<boolean>`${mailOutbox.lockedUntil} > now()`,
      })
      .from(mailOutbox)
      .where(inArray(mailOutbox.id, oldest));
    expect(rows).toEqual(oldest.map(() => ({ status: 'sending', lockedFuture: true })));

    const second = await claim(4);
    expect(second.map((m) => m.id).sort()).toEqual([...newest].sort());
    expect(await claim(4)).toEqual([]);
  });

  it('leaves mails alone that are not due, held by a live worker, out of tries or done', async () => {
    await mail(60, { status: 'pending' });
    await mail(-60, { status: 'sending', lockedFor: 60 });
    await mail(-60, { status: 'pending', attempts: maxAttempts });
    await mail(-60, { status: 'sending', lockedFor: -1, attempts: maxAttempts });
    await mail(-60, { status: 'sent' });
    await mail(-60, { status: 'failed' });
    expect(await claim(10)).toEqual([]);
  });

  it("ignores a late worker's verdict once another worker has taken its mail over", async () => {
    // Worker A claims the mail and stalls past its claim; worker B takes the mail over.
    const id = await mail(-60, { status: 'pending', attempts: 0 });
    const [stalled] = await claim(1);
    await db.database.db
      .update(mailOutbox)
      .set({ lockedUntil: secondsFromNow(-1) })
      .where(eq(mailOutbox.id, id));
    const [takenOver] = await claim(1);
    expect([stalled?.attempts, takenOver?.attempts]).toEqual([1, 2]);
    if (!stalled || !takenOver) throw new Error('the mail was not claimed twice');

    // A's answers come late: none of them may end or undo B's claim, or a third worker sends too
    // (ending its claims after an outage, giving them back when the SMTP server was away).
    await markRetry(db.database.db, stalled, 0, 'timeout');
    await markFailed(db.database.db, stalled, 'rejected');
    await markSent(db.database.db, stalled);
    await endClaims(db.database.db, [stalled]);
    await releaseClaims(db.database.db, [stalled], 'unreachable');
    const state = async () =>
      (
        await db.database.db
          .select({ status: mailOutbox.status, attempts: mailOutbox.attempts })
          .from(mailOutbox)
          .where(eq(mailOutbox.id, id))
      )[0];
    expect(await state()).toEqual({ status: 'sending', attempts: 2 });
    expect(await claim(1)).toEqual([]);

    await markSent(db.database.db, takenOver);
    expect(await state()).toEqual({ status: 'sent', attempts: 2 });
  });
});
