import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { LANGUAGES, TITLE_CODES } from '@pp/contract';
import { createdAt, id, updatedAt } from './columns.ts';
import { companies } from './practices.ts';

/** The unique index of the customers' addresses: a second row for one address violates it. */
export const CUSTOMERS_EMAIL_KEY = 'customers_email_key';

export const customers = pgTable(
  'customers',
  {
    id: id(),
    email: text('email').notNull(),
    salutation: text('salutation'),
    title: text('title', { enum: TITLE_CODES }),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phone: text('phone'),
    position: text('position'),
    profession: text('profession'),
    otherIndustry: text('other_industry'),
    dateOfBirth: date('date_of_birth'),
    preferredLanguage: text('preferred_language', { enum: LANGUAGES }).notNull().default('de'),
    primaryCompanyId: uuid('primary_company_id').references((): AnyPgColumn => companies.id, {
      onDelete: 'set null',
    }),
    /** Made only for an invitation: removed when the invitation expires or is revoked. */
    invitationOnly: boolean('invitation_only').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Addresses are stored in the contract's normal form and unique exactly as stored: never
    // compared with lower(), which folds Unicode onto ASCII (decision 0019).
    uniqueIndex(CUSTOMERS_EMAIL_KEY).on(t.email),
    check('customers_email_check', sql`position('@' in ${t.email}) > 1`),
    // Printable ASCII without A-Z: the normal form's local part is ASCII lower case, its domain
    // IDNA ASCII lower case.
    check('customers_email_normal_check', sql`${t.email} ~ '^[!-@[-~]+$'`),
    check('customers_language_check', sql`${t.preferredLanguage} in ('de', 'en')`),
    check(
      'customers_title_check',
      sql`${t.title} is null or ${t.title} in (${sql.raw(TITLE_CODES.map((c) => `'${c}'`).join(', '))})`,
    ),
  ],
);

/** An identity of a provider (issuer + subject) linked to a customer. */
export const identityLinks = pgTable(
  'identity_links',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.issuer, t.subject] }),
    index('identity_links_customer_idx').on(t.customerId),
  ],
);

/** A requested change of e-mail address, waiting for the link in the mail to the new address. */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    /** SHA-256 of the secret in the link; the secret itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_changes_customer_idx').on(t.customerId)],
);
