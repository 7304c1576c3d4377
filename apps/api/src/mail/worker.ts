import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import { createSmtpSender, describeFailure, MAX_SEND_MS, type OutboxMail } from './delivery.ts';
import { claimDueMails, failInterrupted, markFailed, markRetry, markSent } from './queue.ts';

export interface MailWorkerOptions {
  database: Database;
  /** SMTP_URL, e.g. `smtps://user:pass@mail.example.com:465`. */
  smtpUrl: string;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Pause between polls when the outbox had nothing more to send; default 5 s. */
  pollIntervalMs?: number;
  /** Mails claimed per run; default 10. */
  batchSize?: number;
  /** Attempts before a mail is marked failed; default 8 (about two hours of retries). */
  maxAttempts?: number;
  /** First retry delay, doubled after each failure up to `retryMaxMs`; default 1 min. */
  retryBaseMs?: number;
  /** Longest retry delay; default 1 h. */
  retryMaxMs?: number;
  /** How long a claim is held before another worker may take the mail over; default 5 min. */
  lockMs?: number;
  /** Sender address; default `"Praxisportal" <no-reply@host of PUBLIC_URL>`. */
  from?: string;
}

export interface MailWorker {
  /** Claims and delivers one batch of due mails; resolves to the number of mails it tried. */
  runOnce(): Promise<number>;
  /** Finishes the delivery in progress and closes the SMTP transport. */
  stop(): Promise<void>;
}

/**
 * Delivers the outbox at least once: claim (the claim is an attempt), send under the stored
 * Message-ID, then mark sent; a failure is retried with exponential backoff until the attempts
 * run out. Logs name the outbox id, never the address.
 */
export function createMailWorker(options: MailWorkerOptions): MailWorker {
  const { logger } = options;
  const db = options.database.db;
  const settings = {
    limit: options.batchSize ?? 10,
    maxAttempts: options.maxAttempts ?? 8,
    lockMs: options.lockMs ?? 5 * 60_000,
  };
  const retryBaseMs = options.retryBaseMs ?? 60_000;
  const retryMaxMs = options.retryMaxMs ?? 60 * 60_000;
  const sender = createSmtpSender(options.smtpUrl, options.from);

  async function deliver(mail: OutboxMail): Promise<void> {
    const attempt = mail.attempts;
    try {
      await sender.send(mail);
    } catch (error) {
      const { permanent, reason } = describeFailure(error);
      if (permanent || attempt >= settings.maxAttempts) {
        await markFailed(db, mail.id, reason);
        logger.error({ mailId: mail.id, attempt, reason }, 'mail delivery failed for good');
      } else {
        const delayMs = Math.min(retryBaseMs * 2 ** (attempt - 1), retryMaxMs);
        await markRetry(db, mail.id, delayMs, reason);
        logger.warn(
          { mailId: mail.id, attempt, reason, delayMs },
          'mail delivery failed, will retry',
        );
      }
      return;
    }
    await markSent(db, mail.id);
    logger.info({ mailId: mail.id, attempt }, 'mail sent');
  }

  async function run(): Promise<number> {
    for (const id of await failInterrupted(db, settings.maxAttempts)) {
      logger.error({ mailId: id }, 'mail delivery interrupted on its last attempt, failed');
    }
    const claimedAt = Date.now();
    const mails = await claimDueMails(db, settings);
    for (const mail of mails) {
      // Never start a send that could outlast the claim: another worker may take the mail then.
      if (Date.now() - claimedAt > settings.lockMs - MAX_SEND_MS) {
        await markRetry(db, mail.id, 0, 'claim_expiring');
        continue;
      }
      await deliver(mail);
    }
    return mails.length;
  }

  // One run at a time per worker; concurrency comes from several workers.
  let queue: Promise<unknown> = Promise.resolve();
  return {
    runOnce() {
      const result = queue.then(run);
      queue = result.catch(() => undefined);
      return result;
    },
    async stop() {
      await queue;
      sender.close();
    },
  };
}

/** A worker that polls the outbox until stopped; it runs again at once while batches are full. */
export function startMailWorker(options: MailWorkerOptions): MailWorker {
  const worker = createMailWorker(options);
  const pollIntervalMs = options.pollIntervalMs ?? 5_000;
  const batchSize = options.batchSize ?? 10;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const poll = async () => {
    let delay = pollIntervalMs;
    try {
      if ((await worker.runOnce()) >= batchSize) delay = 0;
    } catch (error) {
      const code = error instanceof Error ? (Reflect.get(error, 'code') ?? error.name) : 'error';
      options.logger.error({ code: String(code) }, 'mail worker run failed');
    }
    if (!stopped) timer = setTimeout(() => void poll(), delay);
  };
  timer = setTimeout(() => void poll(), 0);

  return {
    runOnce: () => worker.runOnce(),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await worker.stop();
    },
  };
}
