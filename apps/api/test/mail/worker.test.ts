import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mailOutbox } from '../../src/db/schema.ts';
import {
  createMailWorker,
  startMailWorker,
  type MailWorkerOptions,
} from '../../src/mail/worker.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { capturingLogger, enqueue, newAddress, outboxRow, verificationMail } from './fixtures.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';

describe('the mail worker', () => {
  let db: TestDatabase;
  let sink: SmtpSink;
  const workers: { stop(): Promise<void> }[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db?.drop());
  beforeEach(async () => {
    // Each test starts with an empty outbox and a sink that accepts everything.
    await db.database.db.delete(mailOutbox);
    sink = await startSmtpSink();
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop()));
    await sink.close();
  });

  function worker(options: Partial<MailWorkerOptions> = {}) {
    const created = createMailWorker({
      database: db.database,
      smtpUrl: sink.url,
      logger: capturingLogger().logger,
      retryBaseMs: 0,
      ...options,
    });
    workers.push(created);
    return created;
  }

  it("delivers a committed mail under its Message-ID, in the recipient's language", async () => {
    const to = newAddress();
    const { id, messageId } = await db.database.db.transaction((tx) =>
      enqueue(tx, {
        to,
        language: 'en',
        template: 'invitation',
        params: {
          practiceName: 'Praxis <b>am</b> Markt',
          inviterName: 'David Markt',
          link: new URL('http://localhost:3000/invitation?token=abc'),
        },
        actorCustomerId: randomUUID(),
      }),
    );

    expect(await worker().runOnce()).toBe(1);

    const [received] = sink.delivered();
    expect(received?.recipients).toEqual([to]);
    expect(received?.message.messageId).toBe(messageId);
    expect(received?.message.headers.get('auto-submitted')).toBe('auto-generated');
    expect(received?.message.subject).toBe('Invitation to the Practice Portal');
    expect(received?.message.text).toContain(
      'David Markt invites you to join the practice “Praxis <b>am</b> Markt”',
    );
    expect(received?.message.text).toContain('http://localhost:3000/invitation?token=abc');
    expect(received?.message.html).toContain('Praxis &lt;b&gt;am&lt;/b&gt; Markt');
    expect(received?.message.html).toContain(
      '<a href="http://localhost:3000/invitation?token=abc">',
    );
    expect(await outboxRow(db.database.db, id)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(await worker().runOnce()).toBe(0);
  });

  it('delivers German mails with their umlauts intact', async () => {
    await enqueue(db.database.db, verificationMail(newAddress()));
    await worker().runOnce();
    const [received] = sink.delivered();
    expect(received?.message.subject).toBe('Bitte bestätigen Sie Ihre neue E-Mail-Adresse');
    expect(received?.message.text).toContain('Er ist 24 Stunden gültig.');
  });

  it('never sends a mail written in a transaction that rolled back', async () => {
    await expect(
      db.database.db.transaction(async (tx) => {
        await enqueue(tx, verificationMail(newAddress()));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow();

    expect(await worker().runOnce()).toBe(0);
    expect(sink.attempts).toEqual([]);
  });

  it('retries a mail the server refused for now, under the same Message-ID', async () => {
    sink.refuseData = (n) => (n === 1 ? 451 : undefined);
    const { id, messageId } = await enqueue(db.database.db, verificationMail(newAddress()));
    const mailWorker = worker();

    expect(await mailWorker.runOnce()).toBe(1);
    expect(await outboxRow(db.database.db, id)).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: expect.stringMatching(/^smtp 451/),
    });
    expect(await mailWorker.runOnce()).toBe(1);

    expect(sink.attempts.map((a) => [a.message.messageId, a.accepted])).toEqual([
      [messageId, false],
      [messageId, true],
    ]);
    expect(await outboxRow(db.database.db, id)).toMatchObject({
      status: 'sent',
      attempts: 2,
      lastError: null,
    });
  });

  it('waits longer after each failure', async () => {
    sink.refuseData = () => 451;
    const { id } = await enqueue(db.database.db, verificationMail(newAddress()));
    const mailWorker = worker({ retryBaseMs: 60_000 });

    await mailWorker.runOnce();
    const first = await outboxRow(db.database.db, id);
    expect(first?.dueInSeconds).toBeGreaterThan(50);
    expect(first?.dueInSeconds).toBeLessThanOrEqual(60);
    expect(await mailWorker.runOnce()).toBe(0);

    // Time passes: the mail is due again and fails again.
    await db.database.db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(mailOutbox.id, id));
    await mailWorker.runOnce();
    const second = await outboxRow(db.database.db, id);
    expect(second?.dueInSeconds).toBeGreaterThan(110);
    expect(second?.dueInSeconds).toBeLessThanOrEqual(120);
  });

  it('marks a mail failed after the last attempt and leaves it alone', async () => {
    sink.refuseData = () => 451;
    const { id } = await enqueue(db.database.db, verificationMail(newAddress()));
    const mailWorker = worker({ maxAttempts: 3 });

    for (let i = 0; i < 3; i += 1) expect(await mailWorker.runOnce()).toBe(1);
    expect(await outboxRow(db.database.db, id)).toMatchObject({ status: 'failed', attempts: 3 });
    expect(await mailWorker.runOnce()).toBe(0);
    expect(sink.attempts).toHaveLength(3);
  });

  it('gives up at once on a recipient the server does not know', async () => {
    sink.refuseRecipient = () => 550;
    const { id } = await enqueue(db.database.db, verificationMail(newAddress()));
    expect(await worker().runOnce()).toBe(1);
    expect(await outboxRow(db.database.db, id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: 'smtp 550 (RCPT TO)',
    });
  });

  it('delivers a mail whose worker died mid-delivery once its lock runs out', async () => {
    const { id, messageId } = await enqueue(db.database.db, verificationMail(newAddress()));
    const claim = { status: 'sending' as const, attempts: 1 };
    await db.database.db
      .update(mailOutbox)
      .set({ ...claim, lockedUntil: sql`now() + interval '1 minute'` })
      .where(eq(mailOutbox.id, id));
    expect(await worker().runOnce()).toBe(0);

    await db.database.db
      .update(mailOutbox)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(mailOutbox.id, id));
    expect(await worker().runOnce()).toBe(1);
    expect(sink.delivered().map((a) => a.message.messageId)).toEqual([messageId]);
    expect(await outboxRow(db.database.db, id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('logs the outbox id, never the address', async () => {
    sink.refuseData = (n) => (n === 1 ? 451 : undefined);
    const to = newAddress('logged');
    const { id } = await enqueue(db.database.db, verificationMail(to));
    const { logger, lines } = capturingLogger();
    const mailWorker = worker({ logger });
    await mailWorker.runOnce();
    await mailWorker.runOnce();

    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(lines.every((line) => line.includes(id))).toBe(true);
    expect(lines.join('\n')).not.toContain(to);
    expect(lines.join('\n')).not.toMatch(/@example\.com/);
  });

  it('polls the outbox on its own until stopped', async () => {
    const started = startMailWorker({
      database: db.database,
      smtpUrl: sink.url,
      logger: capturingLogger().logger,
      pollIntervalMs: 20,
    });
    workers.push(started);
    const { messageId } = await enqueue(db.database.db, verificationMail(newAddress()));
    await vi.waitFor(() =>
      expect(sink.delivered().map((a) => a.message.messageId)).toEqual([messageId]),
    );
  });
});
