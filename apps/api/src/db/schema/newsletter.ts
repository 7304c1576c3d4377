import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { LANGUAGES } from '@pp/contract';
import { id, updatedAt } from './columns.ts';
import { customers } from './customers.ts';

export const newsletterPreferences = pgTable('newsletter_preferences', {
  customerId: uuid('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  subscribed: boolean('subscribed').notNull().default(false),
  distributors: text('distributors')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  interests: text('interests')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  updatedAt: updatedAt(),
});

/** Every change of newsletter consent: when, what, under which wording. */
export const consentRecords = pgTable(
  'consent_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    subscribed: boolean('subscribed').notNull(),
    distributors: text('distributors').array().notNull(),
    interests: text('interests').array().notNull(),
    wordingVersion: text('wording_version').notNull(),
    language: text('language', { enum: LANGUAGES }).notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * A widened consent (double opt-in, decision 0077): when it was asked for and when its mail's
     * link confirmed it. Null for a withdrawal, which takes effect at once, and for the records
     * before the double opt-in.
     */
    requestedAt: timestamp('requested_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [
    index('consent_records_customer_idx').on(t.customerId),
    check('consent_records_language_check', sql`${t.language} in ('de', 'en')`),
  ],
);

/**
 * A subscription asked for and not yet confirmed (decision 0077): the whole choice the person
 * wants, counted only once the mail's link confirms it (48 hours, once). The newest request of a
 * customer is the only one whose link works.
 */
export const newsletterConfirmations = pgTable(
  'newsletter_confirmations',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** SHA-256 of the link's secret (lib/mail-links/link-secrets.ts). */
    tokenHash: text('token_hash').notNull().unique(),
    distributors: text('distributors').array().notNull(),
    interests: text('interests').array().notNull(),
    wordingVersion: text('wording_version').notNull(),
    language: text('language', { enum: LANGUAGES }).notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [
    index('newsletter_confirmations_customer_idx').on(t.customerId),
    index('newsletter_confirmations_expires_idx').on(t.expiresAt),
    check('newsletter_confirmations_language_check', sql`${t.language} in ('de', 'en')`),
  ],
);
