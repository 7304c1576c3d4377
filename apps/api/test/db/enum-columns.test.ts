import { sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import {
  COMPANY_STATUSES,
  INVITATION_ROLES,
  LANGUAGES,
  LOCATION_STATUSES,
  MEMBERSHIP_ROLES,
  MEMBERSHIP_STATUSES,
  PICKLIST_NAMES,
  TITLE_CODES,
  type CompanyStatus,
  type Language,
  type MembershipRole,
  type MembershipStatus,
} from '@pp/contract';
import {
  companies,
  consentRecords,
  customers,
  invitations,
  locations,
  mailOutbox,
  MAIL_STATUSES,
  memberships,
  picklistValues,
} from '../../src/db/schema.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';

// Reads of these columns carry the contract's types (no casts in the code that reads them).
expectTypeOf<(typeof memberships.$inferSelect)['role']>().toEqualTypeOf<MembershipRole>();
expectTypeOf<(typeof memberships.$inferSelect)['status']>().toEqualTypeOf<MembershipStatus>();
expectTypeOf<(typeof companies.$inferSelect)['status']>().toEqualTypeOf<CompanyStatus>();
expectTypeOf<(typeof customers.$inferSelect)['preferredLanguage']>().toEqualTypeOf<Language>();

const ENUM_COLUMNS: [string, PgColumn, readonly string[]][] = [
  ['customers.title', customers.title, TITLE_CODES],
  ['customers.preferred_language', customers.preferredLanguage, LANGUAGES],
  ['companies.status', companies.status, COMPANY_STATUSES],
  ['memberships.role', memberships.role, MEMBERSHIP_ROLES],
  ['memberships.status', memberships.status, MEMBERSHIP_STATUSES],
  ['invitations.role', invitations.role, INVITATION_ROLES],
  ['locations.status', locations.status, LOCATION_STATUSES],
  ['consent_records.language', consentRecords.language, LANGUAGES],
  ['mail_outbox.language', mailOutbox.language, LANGUAGES],
  ['mail_outbox.status', mailOutbox.status, MAIL_STATUSES],
  ['picklist_values.list', picklistValues.list, PICKLIST_NAMES],
];

/** Values the database's check constraints name for a column (`col in ('a', 'b')`). */
async function checkedValues(db: TestDatabase, table: string, column: string) {
  const result = await db.database.db.execute(sql`
    select pg_get_constraintdef(c.oid) as definition from pg_constraint c
      join pg_class t on t.oid = c.conrelid
     where c.contype = 'c' and t.relname = ${table}`);
  const definitions = (result as unknown as { rows: { definition: string }[] }).rows;
  const mentioning = definitions.find((row) => row.definition.includes(`(${column} `));
  return mentioning && [...mentioning.definition.matchAll(/'([^']+)'::text/g)].map((m) => m[1]);
}

describe('columns with a fixed set of values', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => db?.drop());

  it.each(ENUM_COLUMNS)('%s takes its values from the contract', (_name, column, values) => {
    expect(column.enumValues).toEqual([...values]);
  });

  it.each(ENUM_COLUMNS)(
    '%s: the database allows exactly those values',
    async (name, _column, values) => {
      const [table = '', column = ''] = name.split('.');
      expect((await checkedValues(db, table, column))?.sort()).toEqual([...values].sort());
    },
  );
});
