import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  foreignKey,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

/** Customer numbers of practices: `P-100001`, `P-100002`, … */
export const companyCustomerNumberSeq = pgSequence('company_customer_number_seq', {
  startWith: 100001,
});

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const id = () =>
  uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`);

/** ISO 3166-1 alpha-2 country; German postal codes have five digits. */
const addressChecks = (table: string, t: { country: AnyPgColumn; postalCode: AnyPgColumn }) => [
  check(`${table}_country_check`, sql`${t.country} ~ '^[A-Z]{2}$'`),
  check(
    `${table}_postal_code_check`,
    sql`${t.country} <> 'DE' or ${t.postalCode} is null or ${t.postalCode} ~ '^[0-9]{5}$'`,
  ),
];

export const customers = pgTable(
  'customers',
  {
    id: id(),
    email: text('email').notNull(),
    salutation: text('salutation'),
    title: text('title'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phone: text('phone'),
    position: text('position'),
    profession: text('profession'),
    otherIndustry: text('other_industry'),
    dateOfBirth: date('date_of_birth'),
    preferredLanguage: text('preferred_language').notNull().default('de'),
    primaryCompanyId: uuid('primary_company_id').references((): AnyPgColumn => companies.id, {
      onDelete: 'set null',
    }),
    /** Made only for an invitation: removed when the invitation expires or is revoked. */
    invitationOnly: boolean('invitation_only').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('customers_email_lower_key').on(sql`lower(${t.email})`),
    check('customers_email_check', sql`position('@' in ${t.email}) > 1`),
    check('customers_language_check', sql`${t.preferredLanguage} in ('de', 'en')`),
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

export const companies = pgTable(
  'companies',
  {
    id: id(),
    customerNumber: text('customer_number')
      .notNull()
      .unique()
      .default(sql`'P-' || nextval('company_customer_number_seq')::text`),
    name: text('name').notNull(),
    street: text('street'),
    postalCode: text('postal_code'),
    city: text('city'),
    country: text('country').notNull().default('DE'),
    phone: text('phone'),
    email: text('email'),
    website: text('website'),
    status: text('status').notNull().default('enabled'),
    createdBy: uuid('created_by').references(() => customers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('companies_status_check', sql`${t.status} in ('enabled', 'disabled')`),
    check('companies_name_check', sql`length(trim(${t.name})) > 0`),
    ...addressChecks('companies', t),
    index('companies_name_postal_idx').on(sql`lower(${t.name})`, t.postalCode),
  ],
);

/** Products or contracts of a practice, maintained by the provider, shown read-only. */
export const entitlements = pgTable(
  'entitlements',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    productCode: text('product_code').notNull(),
    name: text('name').notNull(),
    validFrom: date('valid_from').notNull(),
    validUntil: date('valid_until'),
    createdAt: createdAt(),
  },
  (t) => [
    index('entitlements_company_idx').on(t.companyId),
    check(
      'entitlements_validity_check',
      sql`${t.validUntil} is null or ${t.validUntil} >= ${t.validFrom}`,
    ),
  ],
);

export const memberships = pgTable(
  'memberships',
  {
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    role: text('role').notNull().default('member'),
    status: text('status').notNull().default('enabled'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.companyId] }),
    index('memberships_company_idx').on(t.companyId),
    check('memberships_role_check', sql`${t.role} in ('member', 'admin', 'superadmin')`),
    check(
      'memberships_status_check',
      sql`${t.status} in ('invited', 'requested', 'enabled', 'disabled')`,
    ),
    // A practice has exactly one superadmin: at most one by this index, at least one by the
    // deferred constraint trigger `memberships_superadmin_required` (migration 0001).
    uniqueIndex('memberships_one_superadmin_key')
      .on(t.companyId)
      .where(sql`${t.role} = 'superadmin'`),
    check(
      'memberships_superadmin_enabled_check',
      sql`${t.role} <> 'superadmin' or ${t.status} = 'enabled'`,
    ),
  ],
);

export const locations = pgTable(
  'locations',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    street: text('street'),
    postalCode: text('postal_code'),
    city: text('city'),
    country: text('country').notNull().default('DE'),
    phoneNumber: text('phone_number'),
    invoiceMail: text('invoice_mail'),
    status: text('status').notNull().default('enabled'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('locations_company_idx').on(t.companyId),
    // Target of the assignments' foreign key, which keeps a location in its practice.
    unique('locations_id_company_key').on(t.id, t.companyId),
    check('locations_status_check', sql`${t.status} in ('enabled', 'disabled')`),
    check('locations_name_check', sql`length(trim(${t.name})) > 0`),
    ...addressChecks('locations', t),
  ],
);

/**
 * Customers assigned to locations: the "associated" locations of a contact. Only members of the
 * location's practice can be assigned; leaving the practice removes the assignments.
 */
export const locationAssignments = pgTable(
  'location_assignments',
  {
    locationId: uuid('location_id').notNull(),
    customerId: uuid('customer_id').notNull(),
    companyId: uuid('company_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.locationId, t.customerId] }),
    foreignKey({
      name: 'location_assignments_location_fk',
      columns: [t.locationId, t.companyId],
      foreignColumns: [locations.id, locations.companyId],
    }).onDelete('cascade'),
    foreignKey({
      name: 'location_assignments_membership_fk',
      columns: [t.customerId, t.companyId],
      foreignColumns: [memberships.customerId, memberships.companyId],
    }).onDelete('cascade'),
    index('location_assignments_customer_idx').on(t.customerId, t.companyId),
    index('location_assignments_company_idx').on(t.companyId),
  ],
);

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
    language: text('language').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('consent_records_customer_idx').on(t.customerId),
    check('consent_records_language_check', sql`${t.language} in ('de', 'en')`),
  ],
);

export const picklistValues = pgTable(
  'picklist_values',
  {
    list: text('list').notNull(),
    code: text('code').notNull(),
    labelDe: text('label_de').notNull(),
    labelEn: text('label_en').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.list, t.code] }),
    check(
      'picklist_values_list_check',
      sql`${t.list} in ('salutation', 'position', 'professions', 'newsletterDistributor', 'newsletterInterests', 'otherIndustries')`,
    ),
    check('picklist_values_code_check', sql`${t.code} ~ '^[A-Z][A-Z0-9_]*$'`),
    check(
      'picklist_values_labels_check',
      sql`length(trim(${t.labelDe})) > 0 and length(trim(${t.labelEn})) > 0`,
    ),
  ],
);

/** Local parts of shared mailboxes that must not become a personal sign-in (lower case). */
export const prohibitedAliases = pgTable(
  'prohibited_aliases',
  {
    alias: text('alias').primaryKey(),
  },
  (t) => [check('prohibited_aliases_alias_check', sql`${t.alias} ~ '^[a-z0-9][a-z0-9._-]*$'`)],
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

export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    invitedBy: uuid('invited_by').references(() => customers.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    role: text('role').notNull().default('member'),
    /** What the inviter typed (salutation, names): shown to admins instead of the customer's data. */
    typed: jsonb('typed').notNull().default({}),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('invitations_company_idx').on(t.companyId),
    index('invitations_customer_idx').on(t.customerId),
    index('invitations_expires_idx').on(t.expiresAt),
    // Only the superadmin invites an admin; nobody is invited as superadmin.
    check('invitations_role_check', sql`${t.role} in ('member', 'admin')`),
  ],
);

/** Mails written in the same transaction as the change that causes them (transactional outbox). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    /** Stable RFC 5322 Message-ID, so a retried delivery is recognisable as the same mail. */
    messageId: text('message_id').notNull().unique(),
    recipient: text('recipient').notNull(),
    language: text('language').notNull(),
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
    status: text('status').notNull().default('pending'),
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
    index('mail_outbox_actor_idx').on(t.actorCustomerId, t.createdAt),
    index('mail_outbox_company_idx').on(t.companyId, t.createdAt),
    check('mail_outbox_status_check', sql`${t.status} in ('pending', 'sending', 'sent', 'failed')`),
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
  ],
);

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
