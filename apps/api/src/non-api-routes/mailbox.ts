import { desc, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import { mailboxPage, type MailboxEntry } from '../mail/mailbox-page.ts';

const MAILBOX_SIZE = 200;

const Query = z.object({
  /** Only the mails to this address (case-insensitive). */
  to: z.string().max(320).optional(),
});

const MailboxJson = z.object({
  mails: z.array(
    z.object({
      id: z.string(),
      to: z.string(),
      subject: z.string(),
      language: z.string(),
      template: z.string(),
      status: z.string(),
      links: z.array(z.string()),
      headers: z.record(z.string(), z.string()),
      createdAt: z.string(),
      text: z.string(),
    }),
  ),
});

async function newestMails(db: Db, to: string | undefined): Promise<MailboxEntry[]> {
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(to === undefined ? undefined : sql`lower(${mailOutbox.recipient}) = lower(${to})`)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(MAILBOX_SIZE);
  return rows.map((row) => ({
    id: row.id,
    to: row.recipient,
    subject: row.subject,
    language: row.language,
    template: row.template,
    status: row.status,
    links: row.links,
    headers: row.headers,
    createdAt: row.createdAt.toISOString(),
    text: row.textBody,
  }));
}

/**
 * Development mailbox: the newest outbox mails with their links, as a page and as JSON for
 * end-to-end tests. Registered only with the embedded provider and a loopback PUBLIC_URL.
 */
export const mailboxPlugin = fp(
  async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    routes.get(
      '/dev/mailbox',
      { schema: { hide: true, querystring: Query } },
      async (request, reply) => {
        const mails = await newestMails(app.db, request.query.to);
        return reply.type('text/html; charset=utf-8').send(mailboxPage(mails));
      },
    );
    routes.get(
      '/dev/mailbox.json',
      { schema: { hide: true, querystring: Query, response: { 200: MailboxJson } } },
      async (request) => ({ mails: await newestMails(app.db, request.query.to) }),
    );
  },
  { name: 'mailbox' },
);
