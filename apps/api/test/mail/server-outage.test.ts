import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../src/db/schema.ts';
import { createMailWorker, startMailWorker, type MailWorker } from '../../src/mail/worker.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { capturingLogger, enqueue, newAddress, outboxRow, verificationMail } from './fixtures.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';
import { startUnreachableServer, type UnreachableServer } from './unreachable-server.ts';
import { startShuttingDownServer } from './shutting-down-server.ts';

const messages = (lines: string[]) =>
  lines.map((line) => (JSON.parse(line) as { msg: string }).msg);

// The fault suite (npm run test:faults) stops the SMTP server under load; this is its small form.
describe('the mail worker while the SMTP server is unreachable', () => {
  let db: TestDatabase;
  let away: UnreachableServer;
  let sink: SmtpSink | undefined;
  const workers: MailWorker[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db?.drop());
  beforeEach(async () => {
    await db.database.db.delete(mailOutbox);
    away = await startUnreachableServer();
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop()));
    await away.close();
    await sink?.close();
    sink = undefined;
  });

  it('keeps the mails due without using up their attempts, and sends them once it is back', async () => {
    const mails = [];
    for (let i = 0; i < 3; i += 1)
      mails.push(await enqueue(db.database.db, verificationMail(newAddress())));
    const { logger, lines } = capturingLogger();
    const worker = createMailWorker({ database: db.database, smtpUrl: away.url, logger });
    workers.push(worker);

    await worker.runOnce();
    await worker.runOnce();
    // One connection per run: the rest of the batch is not tried against a server that is away.
    expect(away.connections()).toBe(2);
    for (const { id } of mails) {
      expect(await outboxRow(db.database.db, id)).toMatchObject({ status: 'pending', attempts: 0 });
      expect((await outboxRow(db.database.db, id))?.dueInSeconds).toBeLessThanOrEqual(0);
    }
    expect(messages(lines).filter((msg) => msg === 'mail server unavailable')).toHaveLength(1);

    await away.close();
    sink = await startSmtpSink(away.port);
    expect(await worker.runOnce()).toBe(3);
    expect(
      sink
        .delivered()
        .map((a) => a.message.messageId)
        .sort(),
    ).toEqual(mails.map((m) => m.messageId).sort());
    for (const { id } of mails) {
      expect(await outboxRow(db.database.db, id)).toMatchObject({ status: 'sent', attempts: 1 });
    }
    expect(messages(lines)).toContain('mail server available again');
  });

  it('a server shutting down mid-mail (421) costs the mail no attempt, and it goes out as soon as the server is back', async () => {
    const mail = await enqueue(db.database.db, verificationMail(newAddress()));
    const stopping = await startShuttingDownServer();
    const { logger, lines } = capturingLogger();
    const worker = createMailWorker({ database: db.database, smtpUrl: stopping.url, logger });
    workers.push(worker);

    await worker.runOnce();
    // Not after the minute-to-hour retry delay of a refused mail: the server went away, the mail
    // did nothing wrong.
    const row = await outboxRow(db.database.db, mail.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 0 });
    expect(row?.dueInSeconds).toBeLessThanOrEqual(0);
    expect(worker.serverPauseMs()).toBeGreaterThan(0);
    expect(messages(lines)).toContain('mail server unavailable');

    await stopping.close();
    sink = await startSmtpSink(stopping.port);
    expect(await worker.runOnce()).toBe(1);
    expect(sink.delivered().map((a) => a.message.messageId)).toEqual([mail.messageId]);
    expect(await outboxRow(db.database.db, mail.id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('tries again after a growing pause, not in a busy loop', async () => {
    await enqueue(db.database.db, verificationMail(newAddress()));
    const worker = startMailWorker({
      database: db.database,
      smtpUrl: away.url,
      logger: capturingLogger().logger,
      pollIntervalMs: 10,
      serverRetryBaseMs: 100,
    });
    workers.push(worker);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    // Pauses of 100, 200, 400 ms…: a handful of tries in a second, where polling would make 100.
    expect(away.connections()).toBeGreaterThanOrEqual(2);
    expect(away.connections()).toBeLessThanOrEqual(5);
  });
});
