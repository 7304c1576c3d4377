import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { crmLinks, customers } from '../../db/schema.ts';
import { setPrimaryPractice } from '../../lib/customers/customer-store.ts';
import { nextPrimaryPractice } from '../../lib/employees/employee-store.ts';
import type { CrmEntity, CrmRecord, CrmValue } from '../crm-client.ts';
import { CRM_REFERENCES } from '../fields.ts';
import { COLUMNS, type Column } from './columns.ts';
import { keysIn, ofPersonsJoins, portalKeyOfCrmId, type KeyOfCrmId } from './links.ts';
import { currentRow } from './read-row.ts';
import { dropPendingWrites, givePersonBack, setPersonAside } from './removed-people.ts';

// A CRM record written into the portal's rows. Writes made here set `pp.crm_sync`, so the
// outbox's triggers leave them out: a change read from the CRM is never sent back.

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
 * `skip` names fields a waiting write of the person will still send; `keyOf` finds the rows the
 * references name (all of them before the first write). Returns the row's key.
 */
export async function applyRecord(
  tx: Executor,
  record: CrmRecord,
  portalKey: string | undefined,
  skip: ReadonlySet<string> = new Set(),
  keyOf: KeyOfCrmId = keysIn(tx),
): Promise<string> {
  const places = COLUMNS[record.entity];
  const values: Record<string, Record<string, ReturnType<typeof sql>>> = {};
  const references: Record<string, string | null> = {};
  /** Columns the CRM left empty that the portal fills (`Column.fallback`), by column. */
  const fallbacks: Record<string, string> = {};
  for (const [field, value] of Object.entries(record.fields)) {
    const place = places[field];
    if (!place || skip.has(field)) continue;
    if (place.fallback !== undefined && (value === null || value === '')) {
      fallbacks[place.column] = place.fallback;
      continue;
    }
    if (place.kind === 'reference') {
      // A contact's company only ever sets the primary practice (docs/product.md §1): one the
      // portal does not hold (not in the CRM, refused, or not a portal practice) never keeps
      // the contact out. It is no primary practice from the CRM: the portal keeps its own, as
      // it does for an empty company (a CRM user's, or the link Dataverse removes when it
      // deletes the account).
      if (record.entity === 'customer') {
        if (!value) continue;
        const company = await keyOf(CRM_REFERENCES[field]!, String(value));
        if (company === undefined) continue;
      }
      const target = value
        ? await portalKeyOfCrmId(tx, CRM_REFERENCES[field]!, String(value), keyOf)
        : null;
      references[field] = target;
      (values[place.table] ??= {})[place.column] =
        target === null
          ? sql`null`
          : record.entity === 'customer' && portalKey !== undefined
            ? primaryPractice(portalKey, target)
            : record.entity === 'customer'
              ? primaryPractice(record.id, target)
              : sql`${target}::uuid`;
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
    // The two ids of a membership or assignment are its key: they are never changed in place. A
    // record naming other ones moves instead ({@link isMoved}, `sync/apply.ts`).
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
    for (const [column, value] of Object.entries(fallbacks)) columns[column] = sql`${value}`;
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
    // Someone without a primary practice has the first practice they are a member of, as when
    // one joins a practice in the portal.
    if (record.entity === 'membership' && first && second) {
      await tx.execute(sql`update customers set primary_company_id = ${second}::uuid,
          updated_at = now()
        where id = ${first}::uuid and primary_company_id is null`);
    }
  }
  if (record.entity === 'customer') await givePersonBack(tx, first!, record.id);
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

/**
 * A contact's company (parentcustomerid) as the person's primary practice: only a practice the
 * person is a member of (probe of issue 44, M4). Another one leaves the primary practice as the
 * portal has it (none for someone new: their first membership sets it, as when one joins a
 * practice in the portal).
 */
function primaryPractice(customerId: string, practiceId: string) {
  return sql`case when exists (select 1 from memberships m
      where m.customer_id = ${customerId}::uuid and m.company_id = ${practiceId}::uuid)
    then ${practiceId}::uuid
    else (select c.primary_company_id from customers c where c.id = ${customerId}::uuid) end`;
}

function keyOfNew(record: CrmRecord, references: Record<string, string | null>): string {
  if (record.entity === 'membership') return `${references.customerId}:${references.practiceId}`;
  if (record.entity === 'locationAssignment') {
    return `${references.locationId}:${references.customerId}`;
  }
  return record.id;
}

/**
 * The key of the row a membership or assignment joins (`customer:practice`,
 * `location:customer`), found by the keys of the records it names; undefined for other records
 * and while one of those is not in the portal.
 */
export async function joinKeyOf(record: CrmRecord, keyOf: KeyOfCrmId): Promise<string | undefined> {
  const portalKey = async (field: string) => {
    const value = record.fields[field];
    return typeof value === 'string' && value !== ''
      ? await keyOf(CRM_REFERENCES[field]!, value)
      : undefined;
  };
  const fields: Partial<Record<CrmEntity, [string, string]>> = {
    membership: ['customerId', 'practiceId'],
    locationAssignment: ['locationId', 'customerId'],
  };
  const joined = fields[record.entity];
  if (!joined) return undefined;
  const [first, second] = [await portalKey(joined[0]), await portalKey(joined[1])];
  return first && second ? `${first}:${second}` : undefined;
}

/**
 * Whether a linked membership or assignment names other records than its row (`portalKey`): a
 * CRM user re-pointed it to another contact, account or location, or to one the portal does not
 * hold. Its row's key is never changed in place: the record moves, as if removed and added.
 */
export async function isMoved(
  record: CrmRecord,
  portalKey: string,
  keyOf: KeyOfCrmId,
): Promise<boolean> {
  if (record.entity !== 'membership' && record.entity !== 'locationAssignment') return false;
  return (await joinKeyOf(record, keyOf)) !== portalKey;
}

/**
 * Removes the links of the rows that go with a person's or a practice's row (the database
 * deletes their memberships, locations and assignments with it): a link without its row would
 * make the next version of that CRM record write another row under the old key.
 */
async function removeDependentLinks(tx: Executor, entity: CrmEntity, key: string) {
  if (entity === 'customer') {
    await tx.execute(sql`delete from crm_links where ${ofPersonsJoins(key)}`);
  }
  if (entity === 'practice') {
    await tx.execute(sql`delete from crm_links where
      (entity = 'membership' and portal_key like ${`%:${key}`})
      or (entity = 'location' and portal_key in
        (select id::text from locations where company_id = ${key}::uuid))
      or (entity = 'locationAssignment' and portal_key in
        (select location_id::text || ':' || customer_id::text from location_assignments
         where company_id = ${key}::uuid))`);
  }
  if (entity === 'location') {
    await tx.execute(sql`delete from crm_links
      where entity = 'locationAssignment' and portal_key like ${`${key}:%`}`);
  }
  if (entity === 'membership') {
    const [customer, company] = key.split(':');
    await tx.execute(sql`delete from crm_links where entity = 'locationAssignment'
      and portal_key in (select location_id::text || ':' || customer_id::text
        from location_assignments
        where customer_id = ${customer}::uuid and company_id = ${company}::uuid)`);
  }
}

/** Removes the row of a record the CRM removed (its link goes with it, and those of its rows). */
export async function removeRow(tx: Executor, entity: CrmEntity, portalKey: string) {
  const [first, second] = portalKey.split(':');
  await removeDependentLinks(tx, entity, portalKey);
  await dropPendingWrites(tx, entity, portalKey);
  if (entity === 'customer') {
    await setPersonAside(tx, portalKey);
    await tx.execute(sql`delete from customers where id = ${first}::uuid`);
  }
  if (entity === 'practice') {
    // Its people whose primary practice it is get another they are a member of, as when one
    // leaves a practice in the portal (docs/product.md §1); none when they have no other.
    const people = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.primaryCompanyId, first!));
    for (const { id } of people) {
      await setPrimaryPractice(tx, id, await nextPrimaryPractice(tx, id, first!));
    }
    await tx.execute(sql`delete from companies where id = ${first}::uuid`);
  }
  if (entity === 'location') await tx.execute(sql`delete from locations where id = ${first}::uuid`);
  if (entity === 'membership') {
    await tx.execute(
      sql`delete from memberships where customer_id = ${first}::uuid and company_id = ${second}::uuid`,
    );
    // Someone whose primary practice it was gets another they are a member of, as when one
    // leaves a practice in the portal (docs/product.md §1).
    const [person] = await tx
      .select({ primary: customers.primaryCompanyId })
      .from(customers)
      .where(eq(customers.id, first!));
    if (person?.primary === second) {
      await setPrimaryPractice(tx, first!, await nextPrimaryPractice(tx, first!, second!));
    }
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
