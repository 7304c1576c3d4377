import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import type { Executor } from '../../src/db/client.ts';
import { mailOutbox } from '../../src/db/schema.ts';
import { enqueueMail, type MailSite, type OutgoingMail } from '../../src/mail/outbox.ts';

export const site: MailSite = { publicUrl: new URL('http://localhost:3000') };

/** A fresh address, so limits counted per recipient never carry over between tests. */
export function newAddress(name = 'mail'): string {
  return `${name}.${randomUUID().slice(0, 8)}@example.com`;
}

type Envelope = Pick<OutgoingMail, 'language' | 'actorCustomerId' | 'companyId'>;

export function verificationMail(
  to: string,
  envelope: Partial<Envelope> = {},
): Extract<OutgoingMail, { template: 'email-verification' }> {
  return {
    to,
    language: 'de',
    template: 'email-verification',
    params: { link: new URL(`/verify?verifyHash=${randomUUID()}`, site.publicUrl) },
    actorCustomerId: randomUUID(),
    ...envelope,
  };
}

export function invitationMail(
  to: string,
  envelope: Partial<Envelope> = {},
): Extract<OutgoingMail, { template: 'invitation' }> {
  return {
    to,
    language: 'de',
    template: 'invitation',
    params: {
      practiceName: 'Praxis',
      inviterName: 'Anna Sommer',
      link: new URL(`/my-practice?invitation=${randomUUID()}`, site.publicUrl),
    },
    actorCustomerId: randomUUID(),
    ...envelope,
  };
}

export function enqueue(tx: Executor, mail: OutgoingMail) {
  return enqueueMail(tx, mail, site);
}

/** The outbox row of a mail, as the worker sees it. */
export async function outboxRow(tx: Executor, id: string) {
  const [row] = await tx
    .select({
      status: mailOutbox.status,
      attempts: mailOutbox.attempts,
      lastError: mailOutbox.lastError,
      dueInSeconds: sql<number>`extract(epoch from ${mailOutbox.nextAttemptAt} - now())`.mapWith(
        Number,
      ),
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.id, id));
  return row;
}

/** A logger that keeps its lines, to check what the worker logs. */
export function capturingLogger() {
  const lines: string[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
  return { logger, lines };
}
