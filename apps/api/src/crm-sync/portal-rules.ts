import {
  CompanyUpdateSchema,
  CustomerUpdateSchema,
  EmailSchema,
  hasAsciiLocalPart,
  isPostalCode,
  LocationUpdateSchema,
  normalizeEmail,
} from '@pp/contract';
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../db/schema.ts';
import type { CrmEntity, CrmRecord } from './crm-client.ts';
import { COLUMNS } from './mirror/columns.ts';

// A record from the CRM meets the rules a person's input meets (docs/product.md §3, decision
// 0049: no web or e-mail addresses in names, lengths, phone numbers, dates): the portal shows and
// mails these values, so a CRM user cannot put there what a portal user could not. The
// contract's update schemas hold those rules; empty values and the fields they do not name
// (references, statuses, the customer number, newsletter choices) pass as they are. A contact's
// address is checked like a person's (decision 0019: a local part that is not ASCII is refused).

const RULES = {
  customer: {
    schema: CustomerUpdateSchema.extend({ email: EmailSchema.optional() }),
    id: undefined,
  },
  practice: { schema: CompanyUpdateSchema, id: 'companyId' },
  location: { schema: LocationUpdateSchema, id: 'locationId' },
} as const;

/** The fields of a CRM record that break the portal's rules (empty: none). */
export function fieldsBreakingRules(record: CrmRecord): string[] {
  if (!(record.entity in RULES)) return [];
  const { schema, id } = RULES[record.entity as keyof typeof RULES];
  const checked = Object.keys(schema.shape).filter((field) => field !== id);
  const values = Object.fromEntries(
    Object.entries(record.fields).filter(
      ([field, value]) => checked.includes(field) && value !== null && value !== '',
    ),
  );
  const result = schema.safeParse(id ? { ...values, [id]: record.id } : values);
  const broken = result.success
    ? []
    : result.error.issues.map((issue) => String(issue.path[0] ?? ''));
  // The postal code fits the country the record names, as in the portal's forms (a German one
  // has five digits, docs/product.md §3); without a country the portal can tell, the form asks
  // on the next save.
  const { postalCode, country } = record.fields;
  if (
    typeof postalCode === 'string' &&
    postalCode.trim() !== '' &&
    typeof country === 'string' &&
    country !== '' &&
    !isPostalCode(postalCode.trim(), country)
  ) {
    broken.push('postalCode');
  }
  return [...new Set(broken)];
}

/** The e-mail fields of each kind of record. */
const EMAIL_FIELDS: Partial<Record<CrmEntity, string>> = {
  customer: 'email',
  practice: 'email',
  location: 'invoiceMail',
};

/** The portal's columns that may be empty (null), as `table.column`: from the schema. */
const NULLABLE: ReadonlySet<string> = new Set(
  Object.values(schema).flatMap((table) => {
    if (!is(table, PgTable)) return [];
    const config = getTableConfig(table);
    return config.columns
      .filter((column) => !column.notNull)
      .map((column) => `${config.name}.${column.name}`);
  }),
);

/**
 * A record's values as the portal's own forms make them (docs/product.md §1): text trimmed,
 * e-mail addresses in their normal form, and an empty or blank text no value (null) where the
 * portal's column may be empty (probe M3: no account number is no customer number). An address
 * whose local part is not ASCII is left as typed (trimmed): normalising could make it another
 * person's, and the rules refuse it.
 */
export function inPortalForm(record: CrmRecord): CrmRecord {
  const places = COLUMNS[record.entity];
  const fields = { ...record.fields };
  for (const [field, value] of Object.entries(fields)) {
    const place = places[field];
    if (typeof value !== 'string' || place?.kind !== 'text') continue;
    if (value.trim() === '' && NULLABLE.has(`${place.table}.${place.column}`)) {
      fields[field] = null;
      continue;
    }
    fields[field] =
      EMAIL_FIELDS[record.entity] === field && value.includes('@') && hasAsciiLocalPart(value)
        ? normalizeEmail(value)
        : value.trim();
  }
  return { ...record, fields };
}

/** What a record must name (the portal's rows cannot be without it), with the plain reason. */
const REQUIRED_REFERENCES: Partial<Record<CrmEntity, [string, string][]>> = {
  location: [['practiceId', 'the location names no practice']],
  membership: [
    ['customerId', 'the membership names no contact'],
    ['practiceId', 'the membership names no practice'],
  ],
  locationAssignment: [
    ['locationId', 'the assignment names no location'],
    ['customerId', 'the assignment names no contact'],
  ],
};

/** Why the portal does not take a record by its rules, or undefined: a plain reason. */
export function refusalOf(record: CrmRecord): string | undefined {
  const broken = fieldsBreakingRules(record);
  if (broken.length > 0) return `values the portal does not take: ${broken.join(', ')}`;
  for (const [field, reason] of REQUIRED_REFERENCES[record.entity] ?? []) {
    const value = record.fields[field];
    if (typeof value !== 'string' || value === '') return reason;
  }
  return undefined;
}
