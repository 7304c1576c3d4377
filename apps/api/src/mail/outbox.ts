import { randomUUID } from 'node:crypto';
import { mailboxOf } from '@pp/contract';
import type { Config } from '../config.ts';
// Any connection of the database: the provider's transactions write mails too.
import type { Executor } from '@pp/database';
import { mailOutbox } from '../db/schema.ts';
import { assertMailQuota } from './quota.ts';
import { renderMail, type MailContent, type MailLanguage, type MailTemplate } from './render.ts';
import { mailTemplates, type TemplatedMail } from './templates/index.ts';

/** Where the portal lives: the host of its Message-IDs and the only origins its links may point to. */
export interface MailSite {
  publicUrl: URL;
  /** Origins besides `publicUrl`'s that links may point to (the embedded provider's pages). */
  linkOrigins?: readonly string[];
}

export function mailSiteOf(config: Config): MailSite {
  return {
    publicUrl: config.publicUrl,
    linkOrigins: config.oidc.embedded ? [new URL(config.oidc.issuer).origin] : [],
  };
}

export type OutgoingMail = TemplatedMail & {
  to: string;
  /** The recipient's preferred language. */
  language: MailLanguage;
  /** The account whose action causes the mail (per-account limit); null for system mails. */
  actorCustomerId: string | null;
  /** The practice the mail is about (per-practice limit). */
  companyId?: string | null;
  /** Header fields of this mail's own, e.g. RFC 2369/8058 `List-Unsubscribe` (decision 0077). */
  headers?: Record<string, string>;
};

/** An RFC 5322 msg-id: `<uuid@host>`, with an IPv6 host as a domain literal. */
export function newMessageId(publicUrl: URL): string {
  return `<${randomUUID()}@${publicUrl.hostname}>`;
}

/**
 * The outbox row of the mail, rendered: for a caller that writes it within a statement of its own
 * (an invitation, issue 46). It has checked the mail limits for it.
 */
export function outboxValues(mail: OutgoingMail, site: MailSite) {
  // The union of templates and parameters is checked at the call; here it is one of them.
  const template = mailTemplates[mail.template] as MailTemplate<typeof mail.params>;
  const content: MailContent = template[mail.language](mail.params);
  const rendered = renderMail(content, mail.language, [
    site.publicUrl.origin,
    ...(site.linkOrigins ?? []),
  ]);
  return {
    messageId: newMessageId(site.publicUrl),
    recipient: mail.to,
    recipientMailbox: mailboxOf(mail.to),
    language: mail.language,
    template: mail.template,
    actorCustomerId: mail.actorCustomerId,
    companyId: mail.companyId ?? null,
    subject: rendered.subject,
    textBody: rendered.text,
    htmlBody: rendered.html,
    links: rendered.links,
    headers: mail.headers ?? {},
  } satisfies typeof mailOutbox.$inferInsert;
}

/**
 * Renders the mail and writes it to the outbox in the caller's transaction, so a change that rolls
 * back never sends it. Checks the mail limits first (429 `rate_limited` past one of them). An
 * invitation checks them itself before it looks the address up (decision 0086) and writes its
 * mail with {@link outboxValues}.
 */
export async function enqueueMail(
  tx: Executor,
  mail: OutgoingMail,
  site: MailSite,
): Promise<{ id: string; messageId: string }> {
  const values = outboxValues(mail, site);
  await assertMailQuota(tx, {
    recipient: mail.to,
    actorCustomerId: mail.actorCustomerId,
    companyId: mail.companyId ?? null,
    template: mail.template,
  });
  const [row] = await tx.insert(mailOutbox).values(values).returning({ id: mailOutbox.id });
  const { messageId } = values;
  if (!row) throw new Error('The outbox insert returned no row');
  return { id: row.id, messageId };
}
