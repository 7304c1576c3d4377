import { inArray } from 'drizzle-orm';
import type { Db } from '../../apps/api/src/db/client.ts';
import { mailOutbox } from '../../apps/api/src/db/schema.ts';
import type { Ledger } from './ledger.ts';
import { REFUSED_DOMAIN, type StoppableSink } from './smtp-sink.ts';

export interface MailCheck {
  /** Outbox mails to deliverable addresses (every acknowledged invitation has one). */
  expected: number;
  /** Of those, delivered to the SMTP server. */
  sent: number;
  lost: string[];
  /**
   * Invited addresses that got their invitation under two or more Message-IDs (each gets one
   * mail; the load's own users get a newsletter confirmation per choice, decision 0077).
   */
  duplicated: string[];
  /** Deliveries of a Message-ID that had been delivered already (at least once, same id). */
  resentSameId: number;
  /** Mails to refused addresses, and how many of them are marked failed with the reason. */
  refused: { total: number; failedVisibly: number };
}

async function outboxOf(db: Db, companyIds: string[]) {
  return db
    .select({
      messageId: mailOutbox.messageId,
      recipient: mailOutbox.recipient,
      status: mailOutbox.status,
      lastError: mailOutbox.lastError,
    })
    .from(mailOutbox)
    .where(inArray(mailOutbox.companyId, companyIds));
}

/** Waits until no mail of the load is pending or being sent; resolves with the milliseconds. */
export async function waitForDrainedOutbox(
  db: Db,
  companyIds: string[],
  timeoutMs: number,
): Promise<number | undefined> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const open = (await outboxOf(db, companyIds)).filter(
      (m) => m.status === 'pending' || m.status === 'sending',
    );
    if (open.length === 0) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return undefined;
}

export async function verifyMails(
  db: Db,
  ledger: Ledger,
  sink: StoppableSink,
  companyIds: string[],
): Promise<MailCheck> {
  const rows = await outboxOf(db, companyIds);
  const deliverable = rows.filter((m) => !m.recipient.endsWith(`@${REFUSED_DOMAIN}`));
  const refused = rows.filter((m) => m.recipient.endsWith(`@${REFUSED_DOMAIN}`));
  const receivedIds = new Set(sink.received.map((r) => r.messageId));
  const idsByRecipient = new Map<string, Set<string>>();
  for (const r of sink.received) {
    for (const to of r.recipients)
      idsByRecipient.set(to, (idsByRecipient.get(to) ?? new Set()).add(r.messageId));
  }
  const withMail = new Set(rows.map((m) => m.recipient));
  const invited = new Set(ledger.of('invitation').map((a) => a.email));
  const lost = [
    ...deliverable
      .filter((m) => !receivedIds.has(m.messageId))
      .map((m) => `${m.messageId} (${m.status})`),
    ...ledger
      .of('invitation')
      .filter((a) => a.outcome === 'acked' && !withMail.has(a.email))
      .map((a) => `no outbox mail for the invitation of ${a.email}`),
  ];
  return {
    expected: deliverable.length,
    sent: deliverable.filter((m) => receivedIds.has(m.messageId)).length,
    lost,
    duplicated: [...idsByRecipient]
      .filter(([to, ids]) => invited.has(to) && ids.size > 1)
      .map(([to]) => to),
    resentSameId: sink.received.length - receivedIds.size,
    refused: {
      total: refused.length,
      failedVisibly: refused.filter(
        (m) => m.status === 'failed' && m.lastError === 'smtp 550 (RCPT TO)',
      ).length,
    },
  };
}
