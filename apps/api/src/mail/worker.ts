import type { FastifyBaseLogger } from 'fastify';
import type { Tracer } from '@opentelemetry/api';
import type { Database } from '../db/client.ts';
import { createSmtpSender, describeFailure, type OutboxMail } from './delivery.ts';
import {
  claimDueMails,
  type Claim,
  endClaims,
  failInterrupted,
  markFailed,
  markRetry,
  markSent,
  releaseClaims,
  renewClaims,
} from './queue.ts';
import { createServerOutage } from './server-outage.ts';
import { tracedSend } from './traced-send.ts';

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
  /**
   * How long a claim holds unless renewed; the worker renews it every third of that while it
   * works, so only the mails of a worker that died are taken over, after at most this; default 30 s.
   */
  lockMs?: number;
  /**
   * First pause after the SMTP server could not be reached, doubled up to `serverRetryMaxMs`
   * (default 4 s, so delivery resumes within 5 s of its return); defaults 1 s.
   */
  serverRetryBaseMs?: number;
  serverRetryMaxMs?: number;
  /** Sender address; default `"Praxisportal" <no-reply@host of PUBLIC_URL>`. */
  from?: string;
  /** While tracing is on: a span per SMTP send (apps/api/src/telemetry). */
  tracer?: Tracer;
}

export interface MailWorker {
  /** Claims and delivers one batch of due mails; resolves to the number of mails it tried. */
  runOnce(): Promise<number>;
  /** Finishes the delivery in progress and closes the SMTP transport. */
  stop(): Promise<void>;
  /** While the SMTP server is unreachable: how long to wait before trying it again. */
  serverPauseMs(): number | undefined;
}

/**
 * Delivers the outbox at least once: claim (the claim is an attempt), send under the stored
 * Message-ID, then mark sent; a failure is retried with exponential backoff until the attempts
 * run out. An unreachable SMTP server is no failure of the mails: they go back uncounted and the
 * worker pauses (docs/operations.md). Logs name the outbox id, never the address.
 */
export function createMailWorker(options: MailWorkerOptions): MailWorker {
  const { logger } = options;
  const db = options.database.db;
  const settings = {
    limit: options.batchSize ?? 10,
    maxAttempts: options.maxAttempts ?? 8,
    lockMs: options.lockMs ?? 30_000,
  };
  const outage = createServerOutage(
    logger,
    options.serverRetryBaseMs ?? 1_000,
    options.serverRetryMaxMs ?? 4_000,
  );
  const retryBaseMs = options.retryBaseMs ?? 60_000;
  const retryMaxMs = options.retryMaxMs ?? 60 * 60_000;
  const sender = createSmtpSender(options.smtpUrl, options.from);
  const send = options.tracer
    ? tracedSend(options.tracer, sender)
    : (mail: OutboxMail) => sender.send(mail);

  /** Resolves with the reason when the server could not be reached (nothing was decided). */
  async function deliver(mail: OutboxMail): Promise<string | undefined> {
    const attempt = mail.attempts;
    try {
      await send(mail);
    } catch (error) {
      const { permanent, unreachable, reason } = describeFailure(error);
      if (unreachable) return reason;
      outage.reached();
      if (permanent || attempt >= settings.maxAttempts) {
        await markFailed(db, mail, reason);
        logger.error({ mailId: mail.id, attempt, reason }, 'mail delivery failed for good');
      } else {
        const delayMs = Math.min(retryBaseMs * 2 ** (attempt - 1), retryMaxMs);
        await markRetry(db, mail, delayMs, reason);
        logger.warn(
          { mailId: mail.id, attempt, reason, delayMs },
          'mail delivery failed, will retry',
        );
      }
      return undefined;
    }
    outage.reached();
    await markSent(db, mail);
    logger.info({ mailId: mail.id, attempt }, 'mail sent');
    return undefined;
  }

  /**
   * The claims a failed run left (the database went away midway): ended at the start of the next
   * run, once the database answers again, so those mails wait one poll, not the 30 s of a claim.
   */
  let abandoned: Claim[] = [];

  async function run(): Promise<number> {
    if (abandoned.length > 0) {
      await endClaims(db, abandoned);
      abandoned = [];
    }
    for (const id of await failInterrupted(db, settings.maxAttempts)) {
      logger.error({ mailId: id }, 'mail delivery interrupted on its last attempt, failed');
    }
    const mails = await claimDueMails(db, settings);
    const open = new Map(mails.map((mail) => [mail.id, mail]));
    let renewedAt = Date.now();
    const heartbeat = setInterval(() => {
      const renewing = Date.now();
      renewClaims(db, [...open.values()], settings.lockMs).then(
        () => (renewedAt = renewing),
        () => undefined, // the database is away: the claims may run out, and be taken over
      );
    }, settings.lockMs / 3);
    try {
      for (const [index, mail] of mails.entries()) {
        // Never start a send on a claim that may have run out: another worker may have the mail.
        if (Date.now() - renewedAt > (settings.lockMs * 2) / 3) {
          await markRetry(db, mail, 0, 'claim_expiring');
        } else {
          const unreachable = await deliver(mail);
          if (unreachable) {
            await releaseClaims(db, [...open.values()], unreachable);
            outage.failed(unreachable);
            return index + 1;
          }
        }
        open.delete(mail.id);
      }
      return mails.length;
    } catch (error) {
      abandoned = [...open.values()];
      throw error;
    } finally {
      clearInterval(heartbeat);
    }
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
    serverPauseMs: () => outage.pauseMs(),
  };
}

/**
 * A worker that polls the outbox until stopped; it runs again at once while batches are full,
 * and after a pause that grows while the SMTP server is unreachable.
 */
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
      delay = worker.serverPauseMs() ?? delay;
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
    serverPauseMs: () => worker.serverPauseMs(),
  };
}
