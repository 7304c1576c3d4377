import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../../src/db/client.ts';
import { mailOutbox } from '../../../src/db/schema.ts';

/** A fresh address, so the per-recipient mail limits never carry over between tests. */
export function newAddress(name = 'konto'): string {
  return `${name}.${randomUUID().slice(0, 8)}@example.com`;
}

/** The outbox mails to exactly this address, oldest first. */
export function mailsTo(db: Executor, recipient: string) {
  return db
    .select({
      template: mailOutbox.template,
      language: mailOutbox.language,
      subject: mailOutbox.subject,
      links: mailOutbox.links,
      textBody: mailOutbox.textBody,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.recipient, recipient))
    .orderBy(asc(mailOutbox.createdAt));
}

/** The link of a mail that leads to `path` (the provider's page it names). */
export function linkTo(mail: { links: string[] }, path: string): URL {
  const link = mail.links.map((href) => new URL(href)).find((url) => url.pathname === path);
  if (!link) throw new Error(`no link to ${path} in ${mail.links.join(', ')}`);
  return link;
}
