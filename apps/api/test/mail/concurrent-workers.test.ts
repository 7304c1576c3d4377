import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { mailOutbox } from '../../src/db/schema.ts';
import { createMailWorker } from '../../src/mail/worker.ts';
import { createTestDatabase, isServerRun, type TestDatabase } from '../support/database.ts';
import { capturingLogger, enqueue, newAddress, verificationMail } from './fixtures.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';

describe('two mail workers at once', () => {
  let db: TestDatabase;
  let second: Database;
  let sink: SmtpSink;

  beforeAll(async () => {
    db = await createTestDatabase();
    // On the server the second worker is a second instance with its own connection pool, so
    // the claims really race and only FOR UPDATE SKIP LOCKED keeps them apart. PGlite is one
    // connection that runs one statement at a time: both workers share it, and the claims
    // interleave statement by statement without ever overlapping.
    second = db.url
      ? await openDatabase({ kind: 'server', url: db.url, poolSize: 5 })
      : db.database;
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await sink?.close();
    if (second !== db?.database) await second?.close();
    await db?.drop();
  });

  it('deliver each mail exactly once', async () => {
    const mails = 30;
    for (let i = 0; i < mails; i += 1)
      await enqueue(db.database.db, verificationMail(newAddress()));
    sink.delayMs = 5;
    const options = { smtpUrl: sink.url, logger: capturingLogger().logger, batchSize: 3 };
    const workers = [
      createMailWorker({ ...options, database: db.database }),
      createMailWorker({ ...options, database: second }),
    ];

    const tried = [0, 0];
    for (;;) {
      const counts = await Promise.all(workers.map((worker) => worker.runOnce()));
      counts.forEach((n, i) => (tried[i] = (tried[i] ?? 0) + n));
      if (counts.every((n) => n === 0)) break;
    }
    await Promise.all(workers.map((worker) => worker.stop()));

    const ids = sink.delivered().map((attempt) => attempt.message.messageId);
    expect(ids).toHaveLength(mails);
    expect(new Set(ids).size).toBe(mails);
    expect((tried[0] ?? 0) + (tried[1] ?? 0)).toBe(mails);
    if (isServerRun()) expect(tried.every((n) => n > 0)).toBe(true);
    const rows = await db.database.db.select({ status: mailOutbox.status }).from(mailOutbox);
    expect(rows.every((row) => row.status === 'sent')).toBe(true);
  });
});
