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
import { updatedAt } from './columns.ts';
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
  },
  (t) => [
    index('consent_records_customer_idx').on(t.customerId),
    check('consent_records_language_check', sql`${t.language} in ('de', 'en')`),
  ],
);
