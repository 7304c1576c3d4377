import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../src/db/schema.ts';
import { createMailWorker, type MailWorker } from '../../src/mail/worker.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { capturingLogger, enqueue, newAddress, verificationMail } from './fixtures.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// A worker killed mid-batch (kill -9 in the fault suite) leaves its claims behind: they must run
// out soon, while the claims of a worker that is alive, however slow, must not.
describe('claims of the mail worker', () => {
  let db: TestDatabase;
  let sink: SmtpSink;
  const workers: MailWorker[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db?.drop());
  beforeEach(async () => {
    await db.database.db.delete(mailOutbox);
    sink = await startSmtpSink();
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop()));
    await sink.close();
  });

  const worker = (lockMs?: number) => {
    const created = createMailWorker({
      database: db.database,
      smtpUrl: sink.url,
      logger: capturingLogger().logger,
      ...(lockMs === undefined ? {} : { lockMs }),
    });
    workers.push(created);
    return created;
  };

  it('hold for 30 seconds at most unless renewed, so mails of a dead worker go out soon', async () => {
    const { id } = await enqueue(db.database.db, verificationMail(newAddress()));
    sink.delayMs = 300;
    const run = worker().runOnce();
    await sleep(100);
    const [row] = await db.database.db
      .select({
        status: mailOutbox.status,
        lockSeconds: sql<number>`extract(epoch from ${mailOutbox.lockedUntil} - now())`.mapWith(
          Number,
        ),
      })
      .from(mailOutbox)
      .where(eq(mailOutbox.id, id));
    expect(row?.status).toBe('sending');
    expect(row?.lockSeconds).toBeGreaterThan(20);
    expect(row?.lockSeconds).toBeLessThanOrEqual(30);
    await run;
  });

  it('of a run the database failed midway end at the next run, not 30 seconds later', async () => {
    const mails = [];
    for (let i = 0; i < 3; i += 1)
      mails.push(await enqueue(db.database.db, verificationMail(newAddress())));
    // The database refuses to mark a mail sent, as a restarting server does mid-run.
    await db.database.db.execute(sql`
      create function pp_test_refuse_sent() returns trigger language plpgsql as $$
      begin
        if new.status = 'sent' then raise exception 'the database went away'; end if;
        return new;
      end $$`);
    await db.database.db.execute(
      sql`create trigger pp_test_refuse_sent before update on mail_outbox for each row execute function pp_test_refuse_sent()`,
    );
    const failing = worker();
    try {
      await expect(failing.runOnce()).rejects.toThrow();
    } finally {
      await db.database.db.execute(sql`drop trigger pp_test_refuse_sent on mail_outbox`);
      await db.database.db.execute(sql`drop function pp_test_refuse_sent()`);
    }

    // Its claims still hold for others, but its own next run ends them and sends all three: the
    // first once more, under the same Message-ID (at least once).
    expect(await worker().runOnce()).toBe(0);
    expect(await failing.runOnce()).toBe(3);
    const ids = sink.delivered().map((a) => a.message.messageId);
    expect(new Set(ids)).toEqual(new Set(mails.map((m) => m.messageId)));
    expect(ids).toHaveLength(4);
    const rows = await db.database.db.select({ status: mailOutbox.status }).from(mailOutbox);
    expect(rows.map((row) => row.status)).toEqual(['sent', 'sent', 'sent']);
  });

  it('are renewed while the worker sends, so a slow batch is not taken over', async () => {
    const mails = [];
    for (let i = 0; i < 3; i += 1)
      mails.push(await enqueue(db.database.db, verificationMail(newAddress())));
    sink.delayMs = 400;
    const slow = worker(900);
    const run = slow.runOnce();
    await sleep(1_000); // past the end of the first claim
    expect(await worker(900).runOnce()).toBe(0);
    expect(await run).toBe(3);
    const ids = sink.delivered().map((a) => a.message.messageId);
    expect(ids.sort()).toEqual(mails.map((m) => m.messageId).sort());
  });
});
