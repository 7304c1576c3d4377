import { eq, sql, type SQL } from 'drizzle-orm';

import { normalizeEmail } from '@pp/contract';
import type { Db, Executor } from '../db/client.ts';
import { crmLinks, crmSyncState, picklistValues } from '../db/schema.ts';
import { audit } from '../lib/audit/audit-log.ts';
import { fieldOfColumn } from './mirror.ts';
import { fieldsBreakingRules } from './portal-rules.ts';
import { applyRecord, asSync, linkByCrmId, linkOf, removeRow, saveLink } from './mirror.ts';
import {
  CrmRefused,
  CRM_ENTITIES,
  type CrmChangePage,
  type CrmEntity,
  type CrmRecord,
  type RecordStoreAdapter,
} from './port.ts';
import type { CrmLog } from './port.ts';

// The CRM's changes into the mirror (decision 0061). The first round of each kind of record is
// a full read that imports what the CRM holds and matches the portal's records by e-mail address
// and customer number; later rounds read only the changes since the last one (Dataverse change
// tracking). A record the portal cannot take (no e-mail address, a second contact with the same
// address) is reported in the log and the audit log, never guessed.

export interface SyncOutcome {
  applied: number;
  removed: number;
  /** Records reported instead of taken: conflicts and records the portal's rules refuse. */
  reported: number;
}

type Outcome = SyncOutcome;

/** Fields of a record that waiting writes of the portal will still send: the mirror keeps them. */
async function pendingFields(db: Executor, entity: CrmEntity, portalKey: string) {
  // One read of the record's waiting entries; an entry may name no column (a create).
  const result = await db.execute(sql`
    select table_name, changes from crm_outbox
    where status = 'waiting' and entity = ${entity} and portal_key = ${portalKey}`);
  const rows = (result as unknown as { rows: { table_name: string; changes: object }[] }).rows;
  const fields = new Set<string>();
  for (const row of rows) {
    for (const column of Object.keys(row.changes)) {
      const field = fieldOfColumn(entity, row.table_name, column);
      if (field) fields.add(field);
    }
  }
  return { fields, waiting: rows.length > 0 };
}

/** The portal's record a CRM record is, by the rules of the first import. */
async function matchOf(
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
async function existingJoinKey(tx: Executor, record: CrmRecord): Promise<string | undefined> {
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

async function report(db: Db, log: CrmLog, record: CrmRecord, reason: string): Promise<void> {
  log.warn(
    { entity: record.entity, crmId: record.id, reason },
    'a CRM record was reported instead of taken into the portal',
  );
  await audit(db, {
    actorCustomerId: null,
    action: 'crm.record.reported',
    entity: record.entity,
    entityId: record.id,
    data: { reason },
  });
}

/**
 * Takes one CRM record into the mirror: in a transaction of its own, or in a savepoint of the
 * caller's transaction (then a refused record undoes only itself).
 */
export async function takeRecord(
  db: Executor,
  log: CrmLog,
  record: CrmRecord,
  readAt: Date,
): Promise<'applied' | 'reported' | 'older'> {
  let reason: string | undefined;
  let older = false;
  try {
    await db.transaction(async (tx) => {
      await asSync(tx);
      const broken = fieldsBreakingRules(record);
      if (broken.length > 0) {
        reason = `values the portal does not take: ${broken.join(', ')}`;
        return;
      }
      const link = await linkByCrmId(tx, record.entity, record.id);
      // The portal agreed with a newer version after this one was read (a write of the outbox
      // came back between the read and now): this one is older, the next round brings what
      // the CRM has after it.
      if (link && link.syncedAt > readAt) {
        older = true;
        return;
      }
      if (link) {
        const pending = await pendingFields(tx, record.entity, link.portalKey);
        await applyRecord(tx, record, link.portalKey, pending.fields);
        // While the portal still sends a change, the mirror keeps the version it was made on:
        // the write then meets the CRM's change (412) and merges instead of overwriting it.
        if (!pending.waiting) {
          await saveLink(tx, record.entity, link.portalKey, record.id, record.etag);
        }
        return;
      }
      const match = await matchOf(tx, record);
      if (match.conflict) {
        reason = match.conflict;
        return;
      }
      const known = match.portalKey ?? (await existingJoinKey(tx, record));
      const key = await applyRecord(tx, record, known);
      await saveLink(tx, record.entity, key, record.id, record.etag);
    });
  } catch (error) {
    reason = error instanceof Error ? error.message : String(error);
  }
  if (older) return 'older';
  if (reason === undefined) return 'applied';
  await report(db, log, record, reason);
  return 'reported';
}

/** The database's clock (the links' `synced_at` are written by it), before a read of the CRM. */
async function databaseNow(db: Executor): Promise<Date> {
  const result = await db.execute(sql`select clock_timestamp() as now`);
  const [row] = (result as unknown as { rows: { now: string | Date }[] }).rows;
  return new Date(row!.now);
}

/** Records taken into the mirror per transaction: fewer commits, short row locks. */
const RECORDS_PER_TRANSACTION = 50;

async function applyPage(
  db: Db,
  log: CrmLog,
  entity: CrmEntity,
  page: CrmChangePage,
  readAt: Date,
  outcome: Outcome,
) {
  for (let start = 0; start < page.changed.length; start += RECORDS_PER_TRANSACTION) {
    const records = page.changed.slice(start, start + RECORDS_PER_TRANSACTION);
    await db.transaction(async (tx) => {
      await asSync(tx);
      for (const record of records) {
        const taken = await takeRecord(tx, log, record, readAt);
        if (taken === 'applied') outcome.applied++;
        if (taken === 'reported') outcome.reported++;
      }
    });
  }
  if (page.removed.length === 0) return;
  await db.transaction(async (tx) => {
    await asSync(tx);
    for (const crmId of page.removed) {
      const link = await linkByCrmId(tx, entity, crmId);
      if (link) {
        await removeRow(tx, entity, link.portalKey);
        outcome.removed++;
      }
    }
  });
}

/**
 * One round for one kind of record: the full read the first time, the changes since the last
 * round afterwards. The token is kept only when every page was read.
 */
export async function syncEntity(
  db: Db,
  adapter: RecordStoreAdapter,
  entity: CrmEntity,
  log: CrmLog,
): Promise<Outcome> {
  const outcome: Outcome = { applied: 0, removed: 0, reported: 0 };
  const [state] = await db.select().from(crmSyncState).where(eq(crmSyncState.entity, entity));
  let full = !state?.token;
  let page: CrmChangePage;
  let readAt = await databaseNow(db);
  try {
    page = full ? await adapter.readAll(entity) : await adapter.changes(entity, state!.token!);
  } catch (error) {
    // A delta link the CRM no longer takes (Dataverse keeps change tracking's tokens for a
    // limited time, 90 days by default) means a full read: it matches by the links kept.
    if (full || !(error instanceof CrmRefused)) throw error;
    log.warn({ entity, err: error.message }, 'the CRM refused the change token: reading all');
    full = true;
    readAt = await databaseNow(db);
    page = await adapter.readAll(entity);
  }
  for (;;) {
    await applyPage(db, log, entity, page, readAt, outcome);
    if (!page.next) break;
    readAt = await databaseNow(db);
    page = full
      ? await adapter.readAll(entity, page.next)
      : await adapter.changes(entity, page.next);
  }
  await db
    .insert(crmSyncState)
    .values({ entity, token: page.token ?? null, lastSuccessAt: sql`now()` })
    .onConflictDoUpdate({
      target: crmSyncState.entity,
      set: { token: page.token ?? null, lastSuccessAt: sql`now()`, lastError: null },
    });
  if (full) await queueUnlinked(db, entity);
  return outcome;
}

/**
 * After the first import: the portal's records the CRM does not have go there, through the
 * outbox like every other write (its worker sends the whole record).
 */
async function queueUnlinked(db: Db, entity: CrmEntity) {
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

/** Every kind of record, references first (practices before the locations that name them). */
export const SYNC_ORDER: readonly CrmEntity[] = [
  'practice',
  'customer',
  'location',
  'membership',
  'locationAssignment',
];
if (SYNC_ORDER.length !== CRM_ENTITIES.length) throw new Error('crm/sync.ts: SYNC_ORDER');

/** One round over every kind of record; a failing kind is logged and kept for the next round. */
export async function syncAll(
  db: Db,
  adapter: RecordStoreAdapter,
  log: CrmLog,
): Promise<Outcome & { failed: CrmEntity[] }> {
  const total = { applied: 0, removed: 0, reported: 0, failed: [] as CrmEntity[] };
  for (const entity of SYNC_ORDER) {
    try {
      const outcome = await syncEntity(db, adapter, entity, log);
      total.applied += outcome.applied;
      total.removed += outcome.removed;
      total.reported += outcome.reported;
    } catch (error) {
      total.failed.push(entity);
      const message = error instanceof Error ? error.message : String(error);
      log.warn({ entity, err: message }, 'the CRM sync of one kind of record failed');
      await db
        .insert(crmSyncState)
        .values({ entity, lastError: message, lastErrorAt: sql`now()` })
        .onConflictDoUpdate({
          target: crmSyncState.entity,
          set: { lastError: message, lastErrorAt: sql`now()` },
        });
    }
  }
  if (total.failed.length === 0) {
    await db.execute(sql`update crm_connection set imported_at = now() where imported_at is null`);
  }
  return total;
}

/** A person's own customer record read again from the CRM (at sign-in). */
export async function refreshCustomer(
  db: Db,
  adapter: RecordStoreAdapter,
  log: CrmLog,
  customerId: string,
): Promise<void> {
  const link = await linkOf(db, 'customer', customerId);
  if (!link) return;
  const readAt = await databaseNow(db);
  const record = await adapter.read('customer', link.crmId);
  if (record) await takeRecord(db, log, record, readAt);
}

/** The CRM's picklists replace the portal's; a code the CRM no longer has is retired, not deleted. */
export async function refreshPicklists(db: Db, adapter: RecordStoreAdapter): Promise<number> {
  const entries = (await adapter.picklists()).filter(
    (entry) =>
      /^[A-Z][A-Z0-9_]*$/.test(entry.code) &&
      entry.labelDe.trim() !== '' &&
      entry.labelEn.trim() !== '',
  );
  if (entries.length === 0) return 0;
  await db.transaction(async (tx) => {
    const lists = [...new Set(entries.map((entry) => entry.list))];
    for (const list of lists) {
      await tx.update(picklistValues).set({ active: false }).where(eq(picklistValues.list, list));
    }
    for (const entry of entries) {
      await tx
        .insert(picklistValues)
        .values({ ...entry, active: true })
        .onConflictDoUpdate({
          target: [picklistValues.list, picklistValues.code],
          set: {
            labelDe: entry.labelDe,
            labelEn: entry.labelEn,
            sortOrder: entry.sortOrder,
            active: true,
          },
        });
    }
  });
  return entries.length;
}

/** When each kind of record was last read from the CRM, and the last error. */
export async function syncHealth(db: Executor) {
  const rows = await db.select().from(crmSyncState);
  const links = await db
    .select({ entity: crmLinks.entity, count: sql<number>`count(*)::int` })
    .from(crmLinks)
    .groupBy(crmLinks.entity);
  return CRM_ENTITIES.map((entity) => {
    const row = rows.find((r) => r.entity === entity);
    return {
      entity,
      lastSuccessAt: row?.lastSuccessAt?.toISOString() ?? null,
      lastError: row?.lastError ?? null,
      lastErrorAt: row?.lastErrorAt?.toISOString() ?? null,
      linked: Number(links.find((l) => l.entity === entity)?.count ?? 0),
    };
  });
}
