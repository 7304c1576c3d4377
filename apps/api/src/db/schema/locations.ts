import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { LOCATION_STATUSES } from '@pp/contract';
import { addressChecks, createdAt, id, updatedAt } from './columns.ts';
import { companies, memberships } from './practices.ts';

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
    status: text('status', { enum: LOCATION_STATUSES }).notNull().default('enabled'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('locations_company_idx').on(t.companyId),
    // A page of a practice's locations by name, without sorting all of them (issue 10), in the
    // German order of DIN 5007 (decision 0056; `name_sort_key` is made by migration 0011).
    index('locations_company_name_idx').on(
      t.companyId,
      sql`name_sort_key(${t.name}) collate "C"`,
      sql`${t.name} collate "C"`,
      t.id,
    ),
    // A page sorted by city or by postal code, in either direction, without sorting all the
    // practice's locations (issue 46): the list's sort keys (apps/api/src/lib/locations/list.ts)
    // as they are, then the id. Built concurrently before an upgrade (migration 0029).
    index('locations_company_city_idx').on(
      t.companyId,
      sql`name_sort_key(${t.city}) collate "C"`,
      sql`name_sort_key(${t.name}) collate "C"`,
      sql`${t.name} collate "C"`,
      t.id,
    ),
    index('locations_company_postal_code_idx').on(t.companyId, t.postalCode, t.id),
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
