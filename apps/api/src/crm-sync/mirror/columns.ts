import type { CrmEntity, CrmValue } from '../crm-client.ts';
import { CRM_FIELDS } from '../fields.ts';

// The portal's side of the mirror (decision 0061): which table and column holds each field of
// `fields.ts`, and a column's value in the CRM client's words. `read-row.ts` reads a row as a
// record, `write-row.ts` writes a CRM record into the rows, `links.ts` pairs them with the CRM's.

export interface Column {
  table: string;
  column: string;
  kind: 'text' | 'date' | 'boolean' | 'list' | 'reference';
  /**
   * A column the portal needs a value in, which the CRM may leave empty (issue 44,
   * docs/product.md "CRM"): left empty there, a new row takes this value and an existing row
   * keeps its own.
   */
  fallback?: string;
}

const text = (table: string, column: string): Column => ({ table, column, kind: 'text' });

/** Where each field lives. The customer's newsletter fields are in `newsletter_preferences`. */
export const COLUMNS: Record<CrmEntity, Record<string, Column>> = {
  customer: {
    email: text('customers', 'email'),
    salutation: text('customers', 'salutation'),
    title: text('customers', 'title'),
    firstName: text('customers', 'first_name'),
    lastName: text('customers', 'last_name'),
    phone: text('customers', 'phone'),
    position: text('customers', 'position'),
    profession: text('customers', 'profession'),
    otherIndustry: text('customers', 'other_industry'),
    dateOfBirth: { table: 'customers', column: 'date_of_birth', kind: 'date' },
    // Not required in Dataverse: the person's language in the portal, else German.
    preferredLanguage: { ...text('customers', 'preferred_language'), fallback: 'de' },
    practiceId: { table: 'customers', column: 'primary_company_id', kind: 'reference' },
    newsletterSubscribed: {
      table: 'newsletter_preferences',
      column: 'subscribed',
      kind: 'boolean',
    },
    newsletterDistributors: {
      table: 'newsletter_preferences',
      column: 'distributors',
      kind: 'list',
    },
    newsletterInterests: { table: 'newsletter_preferences', column: 'interests', kind: 'list' },
  },
  practice: Object.fromEntries(
    (
      [
        ['customerNumber', 'customer_number'],
        ['name', 'name'],
        ['street', 'street'],
        ['postalCode', 'postal_code'],
        ['city', 'city'],
        ['country', 'country'],
        ['phone', 'phone'],
        ['email', 'email'],
        ['website', 'website'],
        ['status', 'status'],
      ] as const
    ).map(([field, column]) => [field, text('companies', column)]),
  ),
  location: {
    practiceId: { table: 'locations', column: 'company_id', kind: 'reference' },
    ...Object.fromEntries(
      (
        [
          ['name', 'name'],
          ['street', 'street'],
          ['postalCode', 'postal_code'],
          ['city', 'city'],
          ['phoneNumber', 'phone_number'],
          ['invoiceMail', 'invoice_mail'],
          ['status', 'status'],
        ] as const
      ).map(([field, column]) => [field, text('locations', column)]),
    ),
    // A location needs a country (its address checks): none in the CRM, it stays in Germany.
    country: { ...text('locations', 'country'), fallback: 'DE' },
  },
  membership: {
    customerId: { table: 'memberships', column: 'customer_id', kind: 'reference' },
    practiceId: { table: 'memberships', column: 'company_id', kind: 'reference' },
    // Left empty in the membership's form: the least rights.
    role: { ...text('memberships', 'role'), fallback: 'member' },
    status: text('memberships', 'status'),
  },
  locationAssignment: {
    locationId: { table: 'location_assignments', column: 'location_id', kind: 'reference' },
    customerId: { table: 'location_assignments', column: 'customer_id', kind: 'reference' },
  },
};

for (const entity of Object.keys(CRM_FIELDS) as CrmEntity[]) {
  const fields: readonly string[] = CRM_FIELDS[entity];
  if (fields.length !== Object.keys(COLUMNS[entity]).length) {
    throw new Error(`crm-sync/mirror/columns.ts: the columns of ${entity} do not match fields.ts`);
  }
}

/** The field a changed column of a table is, or undefined when the CRM does not hold it. */
export function fieldOfColumn(entity: CrmEntity, table: string, column: string) {
  return Object.entries(COLUMNS[entity]).find(
    ([, place]) => place.table === table && place.column === column,
  )?.[0];
}

/** A column's JSON value (as `to_jsonb` gives it) in the port's words. */
export function valueOfJson(place: Column, value: unknown): CrmValue {
  if (value === null || value === undefined) {
    if (place.kind === 'list') return [];
    return place.kind === 'boolean' ? false : null;
  }
  if (place.kind === 'boolean') return value === true;
  if (place.kind === 'list') return Array.isArray(value) ? value.map(String) : [];
  if (place.kind === 'date') return String(value).slice(0, 10);
  return String(value);
}

/** Whether two values are the same for a conflict's comparison (lists in any order). */
export function sameValue(a: CrmValue | undefined, b: CrmValue | undefined): boolean {
  const normal = (v: CrmValue | undefined) =>
    Array.isArray(v) ? JSON.stringify([...(v as string[])].sort()) : JSON.stringify(v ?? null);
  return normal(a) === normal(b);
}
