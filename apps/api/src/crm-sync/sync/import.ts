import { sql, type SQL } from 'drizzle-orm';
import { normalizeEmail } from '@pp/contract';
import type { Db, Executor } from '../../db/client.ts';
import type { CrmEntity, CrmRecord } from '../crm-client.ts';
import { linkByCrmId } from '../mirror/links.ts';

// The sync's first round of each kind of record, the import (decision 0061): a CRM record is
// matched to the portal's record it is (customers by normalised e-mail address, practices by
// customer number, locations by practice and name, memberships and assignments by the records
// they join); a conflict is reported, never guessed. Afterwards the portal's records the CRM does
// not have are queued as creates.

/** The portal's record a CRM record is, by the rules of the first import. */
export async function matchOf(
  tx: Executor,
  record: CrmRecord,
): Promise<{ portalKey?: string; conflict?: string }> {
  const rows = async (query: ReturnType<typeof sql>) =>
    (
      (await tx.execute(query)) as unknown as {
        rows: { key: string; linked: boolean }[];
      }
    ).rows;
  const linked = (key: SQL, entity: CrmEntity) =>
    sql`exists (select 1 from crm_links k where k.entity = ${entity} and k.portal_key = ${key})`;
  let found: { key: string; linked: boolean }[] = [];
  if (record.entity === 'customer') {
    const email = record.fields.email;
    if (typeof email !== 'string' || !email.includes('@')) {
      return { conflict: 'the contact has no e-mail address' };
    }
    const normal = normalizeEmail(email);
    found =
      await rows(sql`select c.id::text as key, ${linked(sql`c.id::text`, 'customer')} as linked
      from customers c where c.email = ${normal}`);
  } else if (record.entity === 'practice') {
    const number = record.fields.customerNumber;
    if (typeof number !== 'string' || number.trim() === '') return {};
    found =
      await rows(sql`select c.id::text as key, ${linked(sql`c.id::text`, 'practice')} as linked
      from companies c where c.customer_number = ${number}`);
  } else if (record.entity === 'location') {
    const practice = record.fields.practiceId;
    const name = record.fields.name;
    if (typeof practice !== 'string' || typeof name !== 'string') return {};
    const practiceLink = await linkByCrmId(tx, 'practice', practice);
    if (!practiceLink) return {};
    found =
      await rows(sql`select l.id::text as key, ${linked(sql`l.id::text`, 'location')} as linked
      from locations l where l.company_id = ${practiceLink.portalKey}::uuid
        and lower(l.name) = lower(${name})`);
    found = found.filter((row) => !row.linked);
    if (found.length > 1) return { conflict: 'several locations of the practice have this name' };
  } else {
    // Memberships and assignments are named by the records they join: applyRecord finds them.
    return {};
  }
  if (found.length === 0) return {};
  const [match] = found;
  if (match!.linked) {
    return { conflict: `the portal's ${record.entity} is already linked to another CRM record` };
  }
  return { portalKey: match!.key };
}

/** Whether the row a membership or assignment names exists already (then it is linked). */
export async function existingJoinKey(
  tx: Executor,
  record: CrmRecord,
): Promise<string | undefined> {
  const keyOf = async (entity: CrmEntity, crmId: unknown) =>
    typeof crmId === 'string' ? (await linkByCrmId(tx, entity, crmId))?.portalKey : undefined;
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
