import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { LANGUAGES } from '@pp/contract';

/** A mail waits (`pending`), is claimed by a worker (`sending`), went out, or gave up. */
export const MAIL_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
import { createdAt, id } from './columns.ts';

/** Mails written in the same transaction as the change that causes them (transactional outbox). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    /** Stable RFC 5322 Message-ID, so a retried delivery is recognisable as the same mail. */
    messageId: text('message_id').notNull().unique(),
    recipient: text('recipient').notNull(),
    /**
     * The mailbox the recipient reaches, the address without its `+tag` (`mailboxOf`): the
     * per-recipient limit counts it. Null in rows written before migration 0021.
     */
    recipientMailbox: text('recipient_mailbox'),
    language: text('language', { enum: LANGUAGES }).notNull(),
    template: text('template').notNull(),
    /** The account whose action caused the mail (per-account limit); null for system mails. */
    actorCustomerId: uuid('actor_customer_id'),
    /** The practice the mail is about (per-practice limit). */
    companyId: uuid('company_id'),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    /** Links the mail carries, for the development mailbox. */
    links: text('links')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Header fields of the mail's own, e.g. RFC 2369/8058 `List-Unsubscribe` (decision 0077). */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    status: text('status', { enum: MAIL_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
    // The mail limits count recent rows per recipient, account and practice.
    index('mail_outbox_recipient_idx').on(sql`lower(${t.recipient})`, t.createdAt),
    index('mail_outbox_mailbox_idx').on(t.recipientMailbox, t.createdAt),
    index('mail_outbox_actor_idx').on(t.actorCustomerId, t.createdAt),
    index('mail_outbox_company_idx').on(t.companyId, t.createdAt),
    check('mail_outbox_status_check', sql`${t.status} in ('pending', 'sending', 'sent', 'failed')`),
    check('mail_outbox_language_check', sql`${t.language} in ('de', 'en')`),
  ],
);

/** Who changed what, when. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorCustomerId: uuid('actor_customer_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    companyId: uuid('company_id'),
    data: jsonb('data').notNull().default({}),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId),
    index('audit_log_company_idx').on(t.companyId),
    index('audit_log_actor_idx').on(t.actorCustomerId, t.at),
    // A practice's log newest first, its count and its people (issue 46), read from the index.
    // Migration 0029 adds `include (action)`, which drizzle's index cannot say, so that the
    // filter by action needs no row; built concurrently before an upgrade.
    index('audit_log_company_at_idx').on(t.companyId, t.at, t.id),
  ],
);

/**
 * Keys the api made itself where none is configured, one per purpose (outside production: the
 * newsletter links' key, decision 0098). Whoever reads this table can sign with them.
 */
export const generatedKeys = pgTable('generated_keys', {
  purpose: text('purpose').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: createdAt(),
});

/** Fixed-window counters of the rate limiter, shared by all api instances. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  // Expired counters are removed by reset time.
  (t) => [index('rate_limits_reset_idx').on(t.resetAt)],
);

/**
 * The answer of a bulk request, per account and idempotency key (decision 0084): a retry with the
 * same key answers it again and sends nothing twice. Written in the request's own transaction.
 */
export const bulkRequests = pgTable(
  'bulk_requests',
  {
    actorCustomerId: uuid('actor_customer_id').notNull(),
    idempotencyKey: uuid('idempotency_key').notNull(),
    companyId: uuid('company_id').notNull(),
    /** The call's path, so a key reused for another call is not answered with this one's rows. */
    call: text('call').notNull(),
    /**
     * The hash of the request (the call and its body as canonical JSON): the same key with another
     * body is refused, not answered with these rows. Null in rows written before migration 0022.
     */
    requestHash: text('request_hash'),
    results: jsonb('results').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.actorCustomerId, t.idempotencyKey] }),
    index('bulk_requests_created_idx').on(t.createdAt),
  ],
);
