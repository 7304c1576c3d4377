import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { customers } from './customers.ts';

// The sync with the operator's CRM (decision 0061, `apps/api/src/crm-sync/`). Without a CRM the
// portal's tables are the record and these stay empty: `crm_connection` has no row, and the
// triggers of migration 0014 write nothing to the outbox.

const ENTITY_CHECK = `in ('customer', 'practice', 'location', 'membership', 'locationAssignment')`;

/** The connected CRM, one row at most: while it exists, changes of mirrored rows enter the outbox. */
export const crmConnection = pgTable(
  'crm_connection',
  {
    singleton: boolean('singleton').primaryKey().default(true),
    provider: text('provider').notNull(),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the first import of every kind of record finished. */
    importedAt: timestamp('imported_at', { withTimezone: true }),
    /** The instance that runs the sync rounds, until when (instances take turns, decision 0061). */
    syncHolder: text('sync_holder'),
    syncLeaseUntil: timestamp('sync_lease_until', { withTimezone: true }),
    /** The CRM's organisation the mirror belongs to (Dataverse: WhoAmI's OrganizationId). */
    organisationId: uuid('organisation_id'),
    /** Another organisation an instance met: the sync and the outbox stop until it is cleared. */
    otherOrganisationId: uuid('other_organisation_id'),
  },
  (t) => [check('crm_connection_singleton_check', sql`${t.singleton}`)],
);

/**
 * A portal record and its record in the CRM. `portalKey` is the row's id, or for rows with two
 * keys `customer:company` (memberships) and `location:customer` (assignments). `etag` is the
 * CRM's version the mirror last agreed with; a write sends it as `If-Match`.
 */
export const crmLinks = pgTable(
  'crm_links',
  {
    entity: text('entity').notNull(),
    portalKey: text('portal_key').notNull(),
    crmId: uuid('crm_id').notNull(),
    etag: text('etag'),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.entity, t.portalKey] }),
    uniqueIndex('crm_links_crm_key').on(t.entity, t.crmId),
    check('crm_links_entity_check', sql.raw(`entity ${ENTITY_CHECK}`)),
  ],
);

/**
 * A person the CRM removed (a contact deleted, deactivated, or merged into one with a person of
 * its own), by the CRM record and the address they had. Neither their sign-in identities
 * (`crm_removed_identities`) nor a new identity with that address make a new person, which the
 * outbox would write to the CRM as a new contact (probes H2 and N1 of issue 44): they are refused
 * (`access_removed`) until the CRM has a person with that address again, who then gets the
 * identities back (docs/product.md §1).
 */
export const crmRemovedPeople = pgTable(
  'crm_removed_people',
  {
    crmId: uuid('crm_id').primaryKey(),
    email: text('email').notNull(),
    removedAt: timestamp('removed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('crm_removed_people_email_idx').on(t.email)],
);

/** The sign-in identities a person the CRM removed had (`crm_removed_people`). */
export const crmRemovedIdentities = pgTable(
  'crm_removed_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    crmId: uuid('crm_id')
      .notNull()
      .references(() => crmRemovedPeople.crmId, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.issuer, t.subject] }),
    index('crm_removed_identities_crm_idx').on(t.crmId),
  ],
);

export const CRM_OUTBOX_STATUSES = ['waiting', 'done', 'parked'] as const;

/**
 * Changes of mirrored rows on their way to the CRM, written by triggers in the transaction of
 * the change. `changes` holds each changed column with its value before and after
 * (`{"first_name": {"from": "Anna", "to": "Anne"}}`), so that a conflict can tell which fields the
 * person changed. Entries of one record are pushed in order (`id`); `operationId` is the same on
 * every retry.
 */
export const crmOutbox = pgTable(
  'crm_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    operationId: uuid('operation_id')
      .notNull()
      .default(sql`gen_random_uuid()`),
    entity: text('entity').notNull(),
    portalKey: text('portal_key').notNull(),
    /** The table the change was made in (`newsletter_preferences` changes a customer). */
    tableName: text('table_name').notNull(),
    operation: text('operation').notNull(),
    changes: jsonb('changes').notNull().default({}),
    status: text('status', { enum: CRM_OUTBOX_STATUSES }).notNull().default('waiting'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    index('crm_outbox_waiting_idx')
      .on(t.entity, t.portalKey, t.id)
      .where(sql`${t.status} = 'waiting'`),
    index('crm_outbox_due_idx')
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.status} = 'waiting'`),
    check('crm_outbox_entity_check', sql.raw(`entity ${ENTITY_CHECK}`)),
    check('crm_outbox_status_check', sql`${t.status} in ('waiting', 'done', 'parked')`),
    check('crm_outbox_operation_check', sql`${t.operation} in ('INSERT', 'UPDATE', 'DELETE')`),
  ],
);

/** Where the changes of one kind of record were last read from (a delta link) and when. */
export const crmSyncState = pgTable(
  'crm_sync_state',
  {
    entity: text('entity').primaryKey(),
    token: text('token'),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    lastError: text('last_error'),
    lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
  },
  () => [check('crm_sync_state_entity_check', sql.raw(`entity ${ENTITY_CHECK}`))],
);

/**
 * A CRM record the portal did not take, with its reason (`GET /operator/crm` lists them). `version`
 * is the record's ETag when reported: the next read of the same version reports nothing again.
 * Taken later or removed in the CRM, its row goes.
 */
export const crmReports = pgTable(
  'crm_reports',
  {
    entity: text('entity').notNull(),
    crmId: uuid('crm_id').notNull(),
    version: text('version').notNull(),
    reason: text('reason').notNull(),
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * A reported contact's address in the portal's normal form (none when it has none the portal
     * accepts): a first sign-in with it makes no new person, which the outbox would write to the
     * CRM as a second contact, but is refused (`customer_record_refused`, docs/product.md §1).
     */
    email: text('email'),
  },
  (t) => [
    primaryKey({ columns: [t.entity, t.crmId] }),
    index('crm_reports_reported_idx').on(t.reportedAt),
    // The first sign-in's look-up; only contacts' reports have an address.
    index('crm_reports_email_idx')
      .on(t.email)
      .where(sql`${t.email} is not null`),
    check('crm_reports_entity_check', sql.raw(`entity ${ENTITY_CHECK}`)),
  ],
);

/**
 * A field the person changed while someone changed it in the CRM too: the CRM's value stays, and
 * the person is told on their next visit.
 */
export const crmNotices = pgTable(
  'crm_notices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    entity: text('entity').notNull(),
    portalKey: text('portal_key').notNull(),
    fields: text('fields').array().notNull(),
    createdAt: createdAt(),
    seenAt: timestamp('seen_at', { withTimezone: true }),
  },
  (t) => [index('crm_notices_customer_idx').on(t.customerId, t.seenAt)],
);
