import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { CrmClient, CrmEntity, CrmLog, CrmMerge, CrmRecord } from '../crm-client.ts';
import { CRM_REFERENCES } from '../fields.ts';
import { WAITING_REASON } from '../mirror/links.ts';
import { applyPage, databaseNow, type LeftBehind, type SyncOutcome } from './apply.ts';
import { followMerges, MERGE_CHAIN_LIMIT } from './merges.ts';
import { linkedVersions } from './scope.ts';

// The records the portal's records point to (decision 0101): a membership names a contact and an
// account, a location its account, an assignment its location and contact, a contact the account
// it works for. Those the mirror does not hold yet are read by key, a few requests for a page,
// and taken before the records that name them. And a record that was reported because one it
// names was missing is tried again when that one is taken — not on every round.

export interface SyncContext {
  db: Db;
  client: CrmClient;
  log: CrmLog;
  outcome: SyncOutcome;
  /** Keys of the records taken since the last `retryWaiting` (they may be waited for). */
  taken: string[];
}

/** Records named by references, in the order they are read: each kind before those naming it. */
const READ_ORDER: readonly CrmEntity[] = ['practice', 'location', 'customer'];
/** A contact names an account; an assignment a location, which names an account: two steps. */
const MAX_DEPTH = 2;

/** Whether `field` of `record` is a contact's company (`parentcustomerid`). */
const isCompany = (record: CrmRecord, field: string) =>
  record.entity === 'customer' && field === 'practiceId';

/**
 * An inactive account the portal does not hold, named by nothing but a contact's company: not
 * brought in (docs/product.md §1). The portal deactivates the account of a practice deleted in
 * it, and its contacts keep naming it; the contact is taken without it, as with any account the
 * portal does not hold. An account's state is its practice's status (the mapping's `status`):
 * inactive reads as `disabled`. One a membership or location names comes as a disabled practice.
 */
const leftOut = (onlyCompany: ReadonlySet<string>) => (record: CrmRecord) =>
  record.entity === 'practice' &&
  record.fields.status === 'disabled' &&
  onlyCompany.has(record.id.toLowerCase());

/** Reads and takes the records `records` name that the mirror does not link yet. */
export async function bringReferences(
  context: SyncContext,
  records: readonly CrmRecord[],
  depth = 0,
): Promise<void> {
  const named = new Map<CrmEntity, Set<string>>();
  const companies = new Set<string>();
  const namedOtherwise = new Set<string>();
  for (const record of records) {
    for (const [field, target] of Object.entries(CRM_REFERENCES)) {
      const value = record.fields[field];
      if (typeof value === 'string' && value !== '') {
        const id = value.toLowerCase();
        const ids = named.get(target) ?? new Set<string>();
        named.set(target, ids.add(id));
        if (target === 'practice') (isCompany(record, field) ? companies : namedOtherwise).add(id);
      }
    }
  }
  const onlyCompany = new Set([...companies].filter((id) => !namedOtherwise.has(id)));
  for (const entity of READ_ORDER) {
    const ids = [...(named.get(entity) ?? [])];
    if (ids.length === 0) continue;
    const linked = await linkedVersions(context.db, entity, ids);
    const missing = ids.filter((id) => !linked.has(id));
    if (missing.length === 0) continue;
    await readAndTake(context, entity, missing, depth, leftOut(onlyCompany));
  }
}

/**
 * The merges into `masters`, and those into the records merged into them (X merged into B, then B
 * into C: the memberships name C), up to {@link MERGE_CHAIN_LIMIT} in a row.
 */
async function mergesInto(
  client: CrmClient,
  entity: CrmEntity,
  masters: readonly string[],
): Promise<CrmMerge[]> {
  if (!client.mergedInto) return [];
  const merges: CrmMerge[] = [];
  const seen = new Set(masters.map((id) => id.toLowerCase()));
  let next = [...seen];
  for (let step = 0; step < MERGE_CHAIN_LIMIT && next.length > 0; step++) {
    const found = (await client.mergedInto(entity, next)).filter(
      (merge) => !seen.has(merge.id.toLowerCase()),
    );
    merges.push(...found);
    next = found.map((merge) => merge.id.toLowerCase());
    for (const id of next) seen.add(id);
  }
  return merges;
}

async function readAndTake(
  context: SyncContext,
  entity: CrmEntity,
  ids: readonly string[],
  depth: number,
  notTaken: (record: CrmRecord) => boolean = () => false,
) {
  const { db, client, log, outcome } = context;
  const readAt = await databaseNow(db);
  const records = (await client.readByIds(entity, ids)).records.filter(
    (record) => !notTaken(record),
  );
  if (records.length === 0) return;
  // A record named here may be the master of a merge the changes of its kind have not told of
  // yet (the memberships come before the contacts): the merged one's portal record follows it
  // now, instead of the master coming in as a record of its own.
  const merges = await mergesInto(
    client,
    entity,
    records.map((record) => record.id),
  );
  await followMerges(db, client, log, entity, merges, records, readAt);
  if (depth < MAX_DEPTH) await bringReferences(context, records, depth + 1);
  log.info({ entity, read: records.length }, 'CRM records a portal record names are read by key');
  await applyPage(
    db,
    log,
    entity,
    { changed: records, removed: [] },
    readAt,
    outcome,
    context.taken,
  );
}

/**
 * Reads again the memberships and location assignments that went with people the CRM removed
 * (`apply.ts`, `leftBehind`) and takes them, so that each is reported in the version the CRM
 * has now: waiting for the contact when it still names it, a duplicate when a merge moved it to
 * a master whose person has one, naming no contact after a deletion — or taken as the master's.
 */
export async function takeLeftBehind(context: SyncContext, left: LeftBehind): Promise<void> {
  for (const entity of ['membership', 'locationAssignment'] as const) {
    const ids = left[entity] ?? [];
    if (ids.length === 0) continue;
    context.log.info(
      { entity, read: ids.length },
      'the records of people the CRM removed are read again',
    );
    await readAndTake(context, entity, ids, 0);
  }
}

/**
 * Tries again the reported records that wait for one just taken: their reason names its key
 * ("the CRM's customer <key> is not in the portal yet", `mirror/links.ts`).
 */
export async function retryWaiting(context: SyncContext): Promise<void> {
  const taken = new Set(context.taken);
  context.taken.length = 0;
  if (taken.size === 0) return;
  const result = await context.db.execute(sql`
    select entity, crm_id::text as id, reason from crm_reports
    where reason like ${`%${WAITING_REASON}`}`);
  const rows = (result as unknown as { rows: { entity: CrmEntity; id: string; reason: string }[] })
    .rows;
  const waiting = new Map<CrmEntity, string[]>();
  for (const row of rows) {
    const key = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i.exec(row.reason);
    if (!key || !taken.has(key[0].toLowerCase())) continue;
    waiting.set(row.entity, [...(waiting.get(row.entity) ?? []), row.id]);
  }
  for (const [entity, ids] of waiting) {
    context.log.info({ entity, waiting: ids.length }, 'reported CRM records are tried again');
    await readAndTake(context, entity, ids, 0);
  }
  context.taken.length = 0;
}
