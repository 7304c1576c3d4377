import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  COMPANY_STATUSES,
  INVITATION_ROLES,
  MEMBERSHIP_ROLES,
  MEMBERSHIP_STATUSES,
} from '@pp/contract';
import { addressChecks, createdAt, id, updatedAt } from './columns.ts';
import { customers } from './customers.ts';

export const companies = pgTable(
  'companies',
  {
    id: id(),
    /**
     * Random with a check digit, made by `lib/practices/new-practice.ts` (decision 0052); the
     * six-digit numbers of a sequence before it stay. None for a practice the operator's CRM
     * holds without an account number, until the CRM gives it one (issue 44).
     */
    customerNumber: text('customer_number').unique(),
    name: text('name').notNull(),
    street: text('street'),
    postalCode: text('postal_code'),
    city: text('city'),
    /** None for a practice whose country the CRM does not name or names in words unknown (issue 44). */
    country: text('country').default('DE'),
    phone: text('phone'),
    email: text('email'),
    website: text('website'),
    status: text('status', { enum: COMPANY_STATUSES }).notNull().default('enabled'),
    /**
     * Its members need a second factor in their token for any call on its data (decision 0069).
     * The portal's own setting, not the CRM's: crm-sync/mirror/columns.ts maps no field to it.
     */
    requiresSecondFactor: boolean('requires_second_factor').notNull().default(false),
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
    role: text('role', { enum: MEMBERSHIP_ROLES }).notNull().default('member'),
    status: text('status', { enum: MEMBERSHIP_STATUSES }).notNull().default('enabled'),
    /**
     * How the employees list sorts and finds the person: for an invitee the invitation's typed
     * names and address, otherwise the customer's (or, while they have no name, the one typed
     * when they were invited). Kept by triggers (migrations 0009, 0011), so a page of a large
     * practice is read in the order of an index. `shown_name` is the name's sort key by DIN 5007
     * (compared byte by byte, `collate "C"`), `shown_search` the folded text a search term is
     * looked for in (decision 0056).
     */
    shownName: text('shown_name'),
    shownEmail: text('shown_email'),
    shownSearch: text('shown_search'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.companyId] }),
    index('memberships_company_idx').on(t.companyId),
    index('memberships_company_shown_name_idx').on(
      t.companyId,
      sql`${t.shownName} collate "C"`,
      t.shownEmail,
      t.customerId,
    ),
    index('memberships_company_shown_email_idx').on(t.companyId, t.shownEmail, t.customerId),
    index('memberships_company_role_idx').on(
      t.companyId,
      sql`array_position(array['superadmin', 'admin', 'member'], ${t.role})`,
      t.shownEmail,
      t.customerId,
    ),
    index('memberships_company_status_idx').on(
      t.companyId,
      sql`array_position(array['requested', 'invited', 'enabled', 'disabled'], ${t.status})`,
      t.shownEmail,
      t.customerId,
    ),
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
    role: text('role', { enum: INVITATION_ROLES }).notNull().default('member'),
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

/**
 * A request to join as the requester made it (`Company/ConnectExistingCompany`): the customer
 * number and postal code they typed, right or wrong, so that what they see afterwards is the same
 * either way (decision 0052). `companyId` names the practice only when the pair was right and
 * the request made a `requested` membership; the requester never reads it. Approving the
 * membership removes the request; otherwise it ends when withdrawn or when it expires.
 */
export const connectRequests = pgTable(
  'connect_requests',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    customerNumber: text('customer_number').notNull(),
    postalCode: text('postal_code').notNull(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('connect_requests_typed_key').on(t.customerId, t.customerNumber, t.postalCode),
    index('connect_requests_company_idx').on(t.companyId, t.customerId),
    index('connect_requests_expires_idx').on(t.expiresAt),
  ],
);
