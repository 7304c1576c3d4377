import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { CrmEntity, CrmValue } from '../crm-client.ts';
import { CRM_REFERENCES } from '../fields.ts';
import { COLUMNS, valueOfJson } from './columns.ts';
import { crmIdOf } from './links.ts';

// A portal row as the outbox sends it: the row as it is now, whether it belongs in the CRM, and
// its fields in the CRM client's words.

export type Row = Record<string, unknown>;

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
