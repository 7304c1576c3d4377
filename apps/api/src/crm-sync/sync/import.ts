import { sql, type SQL } from 'drizzle-orm';
import { normalizeEmail } from '@pp/contract';
import type { Db, Executor } from '../../db/client.ts';
import type { CrmEntity, CrmRecord } from '../crm-client.ts';
import { keysIn, linkByCrmId, type KeyOfCrmId } from '../mirror/links.ts';

// The sync's first round of each kind of record, the import (decision 0061): a CRM record is
// matched to the portal's record it is (customers by normalised e-mail address, practices by
// customer number, locations by practice and name, memberships and assignments by the records
// they join); a conflict is reported, never guessed. Afterwards the portal's records the CRM does
// not have are queued as creates.

export type Match = { portalKey?: string; conflict?: string };

const linked = (key: SQL, entity: CrmEntity) =>
  sql`exists (select 1 from crm_links k where k.entity = ${entity} and k.portal_key = ${key})`;

/** The value a customer or practice is matched by: normalised e-mail address, customer number. */
export function matchValue(record: CrmRecord): string | undefined {
  const value = record.fields[record.entity === 'customer' ? 'email' : 'customerNumber'];
  if (record.entity === 'customer') {
    return typeof value === 'string' && value.includes('@') ? normalizeEmail(value) : undefined;
  }
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/**
 * The portal's records customers or practices are (one query for many records), by the rules of
 * the first import; records of the other kinds are matched one by one ({@link matchOf}).
 */
export async function matchesOf(
  tx: Executor,
  entity: 'customer' | 'practice',
  records: readonly CrmRecord[],
): Promise<Map<CrmRecord, Match>> {
  const values = [...new Set(records.map(matchValue).filter((v) => v !== undefined))];
  const found = new Map<string, { key: string; linked: boolean }>();
  if (values.length > 0) {
    const list = sql`(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;
    const result = await tx.execute(
      entity === 'customer'
        ? sql`select c.email as v, c.id::text as key, ${linked(sql`c.id::text`, entity)} as linked
            from customers c where c.email in ${list}`
        : sql`select c.customer_number as v, c.id::text as key,
            ${linked(sql`c.id::text`, entity)} as linked
            from companies c where c.customer_number in ${list}`,
    );
    const rows = (result as unknown as { rows: { v: string; key: string; linked: boolean }[] })
      .rows;
    for (const row of rows) if (!found.has(row.v)) found.set(row.v, row);
  }
  const matches = new Map<CrmRecord, Match>();
  for (const record of records) {
    const value = matchValue(record);
    const match = value === undefined ? undefined : found.get(value);
    if (value === undefined && entity === 'customer') {
      matches.set(record, { conflict: 'the contact has no e-mail address' });
    } else if (!match) {
      matches.set(record, {});
    } else if (match.linked) {
      matches.set(record, {
        conflict: `the portal's ${entity} is already linked to another CRM record`,
      });
    } else {
      matches.set(record, { portalKey: match.key });
    }
  }
  return matches;
}

/** The portal's record a CRM record is, by the rules of the first import. */
export async function matchOf(tx: Executor, record: CrmRecord): Promise<Match> {
  if (record.entity === 'customer' || record.entity === 'practice') {
    return (await matchesOf(tx, record.entity, [record])).get(record)!;
  }
  if (record.entity !== 'location') {
    // Memberships and assignments are named by the records they join: applyRecord finds them.
    return {};
  }
  const practice = record.fields.practiceId;
  const name = record.fields.name;
  if (typeof practice !== 'string' || typeof name !== 'string') return {};
  const practiceLink = await linkByCrmId(tx, 'practice', practice);
  if (!practiceLink) return {};
  const result = await tx.execute(sql`select l.id::text as key,
      ${linked(sql`l.id::text`, 'location')} as linked
    from locations l where l.company_id = ${practiceLink.portalKey}::uuid
      and lower(l.name) = lower(${name})`);
  const found = (result as unknown as { rows: { key: string; linked: boolean }[] }).rows.filter(
    (row) => !row.linked,
  );
  if (found.length > 1) return { conflict: 'several locations of the practice have this name' };
  return found.length === 0 ? {} : { portalKey: found[0]!.key };
}

/** Whether the row a membership or assignment names exists already (then it is linked). */
export async function existingJoinKey(
  tx: Executor,
  record: CrmRecord,
  keys: KeyOfCrmId = keysIn(tx),
): Promise<string | undefined> {
  const keyOf = async (entity: CrmEntity, crmId: unknown) =>
    typeof crmId === 'string' ? await keys(entity, crmId) : undefined;
  if (record.entity === 'membership') {
    const customer = await keyOf('customer', record.fields.customerId);
    const practice = await keyOf('practice', record.fields.practiceId);
    if (!customer || !practice) return undefined;
    const result = await tx.execute(sql`select 1 from memberships
      where customer_id = ${customer}::uuid and company_id = ${practice}::uuid`);
    return (result as unknown as { rows: unknown[] }).rows.length > 0
      ? `${customer}:${practice}`
      : undefined;
  }
  if (record.entity === 'locationAssignment') {
    const location = await keyOf('location', record.fields.locationId);
    const customer = await keyOf('customer', record.fields.customerId);
    if (!location || !customer) return undefined;
    const result = await tx.execute(sql`select 1 from location_assignments
      where location_id = ${location}::uuid and customer_id = ${customer}::uuid`);
    return (result as unknown as { rows: unknown[] }).rows.length > 0
      ? `${location}:${customer}`
      : undefined;
  }
  return undefined;
}

/**
 * After the first import: the portal's records the CRM does not have go there, through the
 * outbox like every other write (its worker sends the whole record).
 */
export async function queueUnlinked(db: Db, entity: CrmEntity) {
  const keys: Record<CrmEntity, ReturnType<typeof sql>> = {
    customer: sql`select id::text as key, 'customers' as t from customers where not invitation_only`,
    practice: sql`select id::text as key, 'companies' as t from companies`,
    location: sql`select id::text as key, 'locations' as t from locations`,
    membership: sql`select customer_id::text || ':' || company_id::text as key, 'memberships' as t
      from memberships where status in ('enabled', 'disabled')`,
    locationAssignment: sql`select location_id::text || ':' || customer_id::text as key,
      'location_assignments' as t from location_assignments`,
  };
  await db.execute(sql`
    insert into crm_outbox (entity, portal_key, table_name, operation, changes)
    select ${entity}, r.key, r.t, 'INSERT', '{}'::jsonb from (${keys[entity]}) r
    where not exists (select 1 from crm_links l where l.entity = ${entity} and l.portal_key = r.key)
      and not exists (select 1 from crm_outbox o
        where o.entity = ${entity} and o.portal_key = r.key and o.status = 'waiting')
    order by r.key`);
}
