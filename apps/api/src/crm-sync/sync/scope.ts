import { sql } from 'drizzle-orm';
import { isGuid, normalizeEmail } from '@pp/contract';
import type { Executor } from '../../db/client.ts';
import type { CrmEntity, CrmRecord } from '../crm-client.ts';
import { WAITING_REASON } from '../mirror/links.ts';

// Which of a page's records are the portal's (decision 0101). The portal's own tables (locations,
// memberships, location assignments) are wholly its. Of the organisation's contacts and accounts
// it keeps only those it has: linked already, reported before (they wait to be taken), or
// matching a portal record by the import's rules (a customer by e-mail address, a practice by
// customer number). The records memberships, locations and assignments name come by key
// (`references.ts`). Everything else on the page is skipped: not stored, not reported. Each
// question is one query per page, never one per record.

/** The portal's own tables in the CRM: every record of them is the portal's. */
const OWN_TABLES: ReadonlySet<CrmEntity> = new Set([
  'location',
  'membership',
  'locationAssignment',
]);

/** The key a waiting report's reason names (`mirror/links.ts`, WAITING_REASON). */
const WAITED_FOR = `([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}) ${WAITING_REASON}$`;

export interface PageScope {
  /** The page's records to take into the mirror. */
  records: CrmRecord[];
  /** Keys on the page of records the mirror links (a full read removes the linked others). */
  linked: string[];
}

/** A list of texts as one query parameter (a JS array would become many). */
const textList = (values: readonly string[]) =>
  sql`(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

async function column(db: Executor, query: ReturnType<typeof sql>): Promise<Set<string>> {
  const result = await db.execute(query);
  return new Set((result as unknown as { rows: { v: string }[] }).rows.map((row) => row.v));
}

/** The links of these CRM keys: key → the version the mirror agreed with. */
export async function linkedVersions(
  db: Executor,
  entity: CrmEntity,
  ids: readonly string[],
): Promise<Map<string, string | null>> {
  const keys = ids.filter(isGuid).map((id) => id.toLowerCase());
  if (keys.length === 0) return new Map();
  const result = await db.execute(sql`
    select crm_id::text as id, etag from crm_links
    where entity = ${entity} and crm_id in (select v::uuid from ${textList(keys)} as t(v))`);
  const rows = (result as unknown as { rows: { id: string; etag: string | null }[] }).rows;
  return new Map(rows.map((row) => [row.id, row.etag]));
}

/** The page's records the portal keeps, and the keys on it the mirror links. */
export async function portalRecordsOf(
  db: Executor,
  entity: CrmEntity,
  records: readonly CrmRecord[],
  present: readonly string[] = records.map((record) => record.id),
): Promise<PageScope> {
  const links = await linkedVersions(db, entity, present);
  const linked = [...links.keys()];
  // A record the mirror holds in this very version needs nothing (a full read meets it again).
  const changed = records.filter((record) => {
    const etag = links.get(record.id.toLowerCase());
    return etag === undefined || etag === null || etag !== record.etag;
  });
  if (OWN_TABLES.has(entity)) return { records: changed, linked };
  const unlinked = changed.filter((record) => !links.has(record.id.toLowerCase()));
  if (unlinked.length === 0) return { records: changed, linked };
  const keys = unlinked.map((record) => record.id.toLowerCase()).filter((id) => isGuid(id));
  const reported =
    keys.length === 0
      ? new Set<string>()
      : await column(
          db,
          sql`select crm_id::text as v from crm_reports
              where entity = ${entity} and crm_id in (select v::uuid from ${textList(keys)} as t(v))`,
        );
  // Records a reported one waits for (a membership of a contact deactivated, now active again).
  const waitedFor =
    keys.length === 0
      ? new Set<string>()
      : await column(
          db,
          sql`select distinct lower(substring(reason from ${WAITED_FOR})) as v from crm_reports
              where reason like ${`% ${WAITING_REASON}`}
                and lower(substring(reason from ${WAITED_FOR})) in ${textList(keys)}`,
        );
  const matching = await matchingKeys(db, entity, unlinked);
  return {
    records: changed.filter((record) => {
      const id = record.id.toLowerCase();
      return links.has(id) || reported.has(id) || waitedFor.has(id) || matching.has(record);
    }),
    linked,
  };
}

/** The records that match a portal record by the import's rules (`import.ts`'s `matchOf`). */
async function matchingKeys(
  db: Executor,
  entity: CrmEntity,
  records: readonly CrmRecord[],
): Promise<Set<CrmRecord>> {
  const field = entity === 'customer' ? 'email' : 'customerNumber';
  const valueOf = (record: CrmRecord) => {
    const value = record.fields[field];
    if (typeof value !== 'string' || value.trim() === '') return undefined;
    if (entity === 'customer') return value.includes('@') ? normalizeEmail(value) : undefined;
    return value;
  };
  const values = [...new Set(records.map(valueOf).filter((v): v is string => v !== undefined))];
  if (values.length === 0) return new Set();
  const found = await column(
    db,
    entity === 'customer'
      ? // Also the address of a person the CRM removed: a new contact a CRM user makes with it
        // brings the person back with their sign-in (second probe of issue 44, F1).
        sql`select email as v from customers where email in ${textList(values)}
          union select email from crm_removed_people where email in ${textList(values)}`
      : sql`select customer_number as v from companies where customer_number in ${textList(values)}`,
  );
  return new Set(records.filter((record) => found.has(valueOf(record) ?? '')));
}
