import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { crmLinks } from '../db/schema.ts';
import { CRM_FIELDS, CRM_REFERENCES } from './fields.ts';
import type { CrmEntity, CrmRecord, CrmValue } from './port.ts';

// The portal's side of the mirror (decision 0061): which table and column holds each field of
// `crm/fields.ts`, reading a row as a record in the port's words and writing a CRM record back
// into the rows. Writes made here set `pp.crm_sync`, so the outbox's triggers leave them out.

interface Column {
  table: string;
  column: string;
  kind: 'text' | 'date' | 'boolean' | 'list' | 'reference';
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
    preferredLanguage: text('customers', 'preferred_language'),
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
          ['country', 'country'],
          ['phoneNumber', 'phone_number'],
          ['invoiceMail', 'invoice_mail'],
          ['status', 'status'],
        ] as const
      ).map(([field, column]) => [field, text('locations', column)]),
    ),
  },
  membership: {
    customerId: { table: 'memberships', column: 'customer_id', kind: 'reference' },
    practiceId: { table: 'memberships', column: 'company_id', kind: 'reference' },
    role: text('memberships', 'role'),
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
    throw new Error(`crm/mirror.ts: the columns of ${entity} do not match crm/fields.ts`);
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

/** The key of the row a record is: its id, or two ids for memberships and assignments. */
export function portalKeyOf(entity: CrmEntity, row: Record<string, unknown>): string {
  if (entity === 'membership') return `${String(row.customer_id)}:${String(row.company_id)}`;
  if (entity === 'locationAssignment') {
    return `${String(row.location_id)}:${String(row.customer_id)}`;
  }
  return String(row.id);
}

/**
 * The CRM key of a record made in the portal: its own id, or for the rows with two keys a
 * name-based UUID (RFC 9562 version 5) of them, the same on every retry.
 */
export function crmIdForNew(entity: CrmEntity, portalKey: string): string {
  if (!portalKey.includes(':')) return portalKey;
  const hash = createHash('sha1').update(`practice-portal:${entity}:${portalKey}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export async function linkOf(db: Executor, entity: CrmEntity, portalKey: string) {
  const [link] = await db
    .select()
    .from(crmLinks)
    .where(and(eq(crmLinks.entity, entity), eq(crmLinks.portalKey, portalKey)));
  return link;
}

export async function linkByCrmId(db: Executor, entity: CrmEntity, crmId: string) {
  const [link] = await db
    .select()
    .from(crmLinks)
    .where(and(eq(crmLinks.entity, entity), eq(crmLinks.crmId, crmId)));
  return link;
}

export async function saveLink(
  db: Executor,
  entity: CrmEntity,
  portalKey: string,
  crmId: string,
  etag: string | null,
) {
  await db
    .insert(crmLinks)
    .values({ entity, portalKey, crmId, etag })
    .onConflictDoUpdate({
      target: [crmLinks.entity, crmLinks.portalKey],
      set: { crmId, etag, syncedAt: sql`now()` },
    });
}

type Row = Record<string, unknown>;

async function rowsOf(db: Executor, query: ReturnType<typeof sql>): Promise<Row[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: Row[] }).rows;
}

/** The current row of a record with its newsletter choices, or undefined when it is gone. */
export async function currentRow(
  db: Executor,
  entity: CrmEntity,
  portalKey: string,
): Promise<Row | undefined> {
  const [first, second] = portalKey.split(':');
  const rows = await rowsOf(
    db,
    entity === 'customer'
      ? sql`select to_jsonb(c) || coalesce((select jsonb_build_object('subscribed', n.subscribed,
            'distributors', n.distributors, 'interests', n.interests)
            from newsletter_preferences n where n.customer_id = c.id), '{}'::jsonb) as row
          from customers c where c.id = ${first}::uuid`
      : entity === 'practice'
        ? sql`select to_jsonb(t) as row from companies t where t.id = ${first}::uuid`
        : entity === 'location'
          ? sql`select to_jsonb(t) as row from locations t where t.id = ${first}::uuid`
          : entity === 'membership'
            ? sql`select to_jsonb(t) as row from memberships t
                  where t.customer_id = ${first}::uuid and t.company_id = ${second}::uuid`
            : sql`select to_jsonb(t) as row from location_assignments t
                  where t.location_id = ${first}::uuid and t.customer_id = ${second}::uuid`,
  );
  return rows[0]?.row as Row | undefined;
}

/** Whether a row belongs in the CRM: invitations and requests to join stay in the portal. */
export function pushable(entity: CrmEntity, row: Row): boolean {
  if (entity === 'customer') return row.invitation_only !== true;
  if (entity === 'membership') return row.status === 'enabled' || row.status === 'disabled';
  return true;
}

/** Thrown when a reference points to a record the CRM (or the portal) does not know yet. */
export class MissingReference extends Error {}

/** A row's fields in the port's words, references as CRM keys. */
export async function fieldsOfRow(
  db: Executor,
  entity: CrmEntity,
  row: Row,
  only?: readonly string[],
): Promise<Record<string, CrmValue>> {
  const fields: Record<string, CrmValue> = {};
  for (const [field, place] of Object.entries(COLUMNS[entity])) {
    if (only && !only.includes(field)) continue;
    // The newsletter's columns have other names in the joined row (`subscribed`, …).
    const value = row[place.column];
    if (place.kind === 'reference') {
      fields[field] = value ? await crmIdOf(db, CRM_REFERENCES[field]!, String(value)) : null;
    } else {
      fields[field] = valueOfJson(place, value);
    }
  }
  return fields;
}

export async function crmIdOf(db: Executor, entity: CrmEntity, portalKey: string): Promise<string> {
  const link = await linkOf(db, entity, portalKey);
  if (!link) throw new MissingReference(`the ${entity} ${portalKey} is not in the CRM yet`);
  return link.crmId;
}

async function portalKeyOfCrmId(db: Executor, entity: CrmEntity, crmId: string) {
  const link = await linkByCrmId(db, entity, crmId);
  if (!link) throw new MissingReference(`the CRM's ${entity} ${crmId} is not in the portal yet`);
  return link.portalKey;
}

/** Marks the transaction's writes as the CRM's own, so the triggers do not send them back. */
export async function asSync(tx: Executor): Promise<void> {
  await tx.execute(sql`select set_config('pp.crm_sync', 'on', true)`);
}

const literal = (place: Column, value: CrmValue) => {
  // A JS array would become a list of parameters: the codes travel as one JSON text instead.
  if (place.kind === 'list') {
    const json = JSON.stringify((value as string[] | null) ?? []);
    return sql`array(select jsonb_array_elements_text(${json}::jsonb))::text[]`;
  }
  if (place.kind === 'boolean') return sql`${value === true}`;
  if (value === null) return sql`null`;
  if (place.kind === 'date') return sql`${value as string}::date`;
  return sql`${value as string}`;
};

/**
 * Writes a CRM record's fields into the portal's rows (in a transaction the caller marked with
 * {@link asSync}): an update of the linked row, or a new row with the CRM's key as its id.
 * `skip` names fields a waiting write of the person will still send. Returns the row's key.
 */
export async function applyRecord(
  tx: Executor,
  record: CrmRecord,
  portalKey: string | undefined,
  skip: ReadonlySet<string> = new Set(),
): Promise<string> {
  const places = COLUMNS[record.entity];
  const values: Record<string, Record<string, ReturnType<typeof sql>>> = {};
  const references: Record<string, string | null> = {};
  for (const [field, value] of Object.entries(record.fields)) {
    const place = places[field];
    if (!place || skip.has(field)) continue;
    if (place.kind === 'reference') {
      const target = value
        ? await portalKeyOfCrmId(tx, CRM_REFERENCES[field]!, String(value))
        : null;
      references[field] = target;
      (values[place.table] ??= {})[place.column] =
        target === null ? sql`null` : sql`${target}::uuid`;
    } else {
      (values[place.table] ??= {})[place.column] = literal(place, value);
    }
  }
  const key = portalKey ?? keyOfNew(record, references);
  const [first, second] = key.split(':');
  const main = places[Object.keys(places)[0]!]!.table;
  const own = values[main] ?? {};
  const exists =
    portalKey !== undefined && (await currentRow(tx, record.entity, key)) !== undefined;
  if (exists) {
    // The two ids of a membership or assignment are its key: they are never changed in place.
    const keyColumns = ['customer_id', 'company_id', 'location_id'];
    const changed = Object.entries(own).filter(
      ([column]) => !(first && second && keyColumns.includes(column)),
    );
    if (changed.length > 0) {
      const where =
        record.entity === 'membership'
          ? sql`customer_id = ${first}::uuid and company_id = ${second}::uuid`
          : sql`id = ${first}::uuid`;
      const sets = changed.map(([column, value]) => sql`${sql.identifier(column)} = ${value}`);
      // A record the mirror already holds as it is (the echo of the portal's own write, read
      // back by change tracking) is left alone: no new row version, no triggers, no bloat.
      const differs = sql`(${sql.join(
        changed.map(([column]) => sql`${sql.identifier(column)}`),
        sql`, `,
      )}) is distinct from (${sql.join(
        changed.map(([, value]) => value),
        sql`, `,
      )})`;
      await tx.execute(
        sql`update ${sql.identifier(main)} set ${sql.join(sets, sql`, `)}, updated_at = now()
          where ${where} and ${differs}`,
      );
    }
  } else {
    const columns = { ...own };
    if (
      record.entity === 'customer' ||
      record.entity === 'practice' ||
      record.entity === 'location'
    ) {
      columns.id = sql`${first}::uuid`;
    }
    if (record.entity === 'locationAssignment') {
      columns.company_id = sql`(select company_id from locations where id = ${first}::uuid)`;
    }
    const names = Object.keys(columns);
    await tx.execute(
      sql`insert into ${sql.identifier(main)} (${sql.join(
        names.map((n) => sql.identifier(n)),
        sql`, `,
      )}) values (${sql.join(
        names.map((n) => columns[n]!),
        sql`, `,
      )})`,
    );
  }
  const newsletter = values.newsletter_preferences;
  if (record.entity === 'customer' && newsletter && Object.keys(newsletter).length > 0) {
    const names = Object.keys(newsletter);
    await tx.execute(
      sql`insert into newsletter_preferences (customer_id, ${sql.join(
        names.map((n) => sql.identifier(n)),
        sql`, `,
      )}) values (${first}::uuid, ${sql.join(
        names.map((n) => newsletter[n]!),
        sql`, `,
      )}) on conflict (customer_id) do update set ${sql.join(
        names.map((n) => sql`${sql.identifier(n)} = excluded.${sql.identifier(n)}`),
        sql`, `,
      )}, updated_at = now() where (${sql.join(
        names.map((n) => sql`newsletter_preferences.${sql.identifier(n)}`),
        sql`, `,
      )}) is distinct from (${sql.join(
        names.map((n) => sql`excluded.${sql.identifier(n)}`),
        sql`, `,
      )})`,
    );
  }
  return key;
}

function keyOfNew(record: CrmRecord, references: Record<string, string | null>): string {
  if (record.entity === 'membership') return `${references.customerId}:${references.practiceId}`;
  if (record.entity === 'locationAssignment') {
    return `${references.locationId}:${references.customerId}`;
  }
  return record.id;
}

/** Removes the row of a record the CRM removed (its link goes with it). */
export async function removeRow(tx: Executor, entity: CrmEntity, portalKey: string) {
  const [first, second] = portalKey.split(':');
  if (entity === 'customer') await tx.execute(sql`delete from customers where id = ${first}::uuid`);
  if (entity === 'practice') await tx.execute(sql`delete from companies where id = ${first}::uuid`);
  if (entity === 'location') await tx.execute(sql`delete from locations where id = ${first}::uuid`);
  if (entity === 'membership') {
    await tx.execute(
      sql`delete from memberships where customer_id = ${first}::uuid and company_id = ${second}::uuid`,
    );
  }
  if (entity === 'locationAssignment') {
    await tx.execute(
      sql`delete from location_assignments where location_id = ${first}::uuid and customer_id = ${second}::uuid`,
    );
  }
  await tx
    .delete(crmLinks)
    .where(and(eq(crmLinks.entity, entity), eq(crmLinks.portalKey, portalKey)));
}
