import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { crmLinks, crmSyncState } from '../../db/schema.ts';
import {
  CrmRefused,
  CrmUnavailable,
  CRM_ENTITIES,
  type CrmChangePage,
  type CrmClient,
  type CrmEntity,
  type CrmLog,
} from '../crm-client.ts';
import { linkOf } from '../mirror/links.ts';
import { applyPage, takeRecord, type SyncOutcome } from './apply.ts';
import { queueUnlinked } from './import.ts';

// The sync's rounds (decision 0061): the first round of each kind of record is a full read that
// imports what the CRM holds (`import.ts`); later rounds read only the changes since the last one
// (Dataverse change tracking). Each page goes into the mirror through `apply.ts`.

/** The database's clock (the links' `synced_at` are written by it), before a read of the CRM. */
async function databaseNow(db: Executor): Promise<Date> {
  const result = await db.execute(sql`select clock_timestamp() as now`);
  const [row] = (result as unknown as { rows: { now: string | Date }[] }).rows;
  return new Date(row!.now);
}

/**
 * Removes what a full read no longer found, as a removal reported by change tracking is removed
 * (`applyPage`): the linked records the CRM does not hold. Only links older than the read: a
 * record the outbox created in the CRM after the read began may be missing from its pages, and
 * a record the portal made and has not sent has no link yet (its create waits in the outbox).
 */
async function removeAbsent(
  db: Db,
  log: CrmLog,
  entity: CrmEntity,
  present: ReadonlySet<string>,
  readAt: Date,
  outcome: SyncOutcome,
) {
  const links = await db
    .select({ crmId: crmLinks.crmId })
    .from(crmLinks)
    .where(and(eq(crmLinks.entity, entity), lt(crmLinks.syncedAt, readAt)));
  const removed = links.map((link) => link.crmId).filter((id) => !present.has(id));
  if (removed.length === 0) return;
  log.info({ entity, removed: removed.length }, 'records the CRM no longer holds are removed');
  await applyPage(db, log, entity, { changed: [], removed }, readAt, outcome);
}

/**
 * One round for one kind of record: the full read the first time, the changes since the last
 * round afterwards. The token is kept only when every page was read.
 */
export async function syncEntity(
  db: Db,
  client: CrmClient,
  entity: CrmEntity,
  log: CrmLog,
): Promise<SyncOutcome> {
  const outcome: SyncOutcome = { applied: 0, removed: 0, reported: 0 };
  const [state] = await db.select().from(crmSyncState).where(eq(crmSyncState.entity, entity));
  let full = !state?.token;
  let page: CrmChangePage;
  let readAt = await databaseNow(db);
  try {
    page = full ? await client.readAll(entity) : await client.changes(entity, state!.token!);
  } catch (error) {
    // A delta link the CRM no longer takes (Dataverse keeps change tracking's tokens for a
    // limited time, 90 days by default) means a full read: it matches by the links kept.
    if (full || !(error instanceof CrmRefused)) throw error;
    log.warn({ entity, err: error.message }, 'the CRM refused the change token: reading all');
    full = true;
    readAt = await databaseNow(db);
    page = await client.readAll(entity);
  }
  // A full read names every record the CRM holds: those linked before it began and named on no
  // page were removed in the CRM (while a change token expired, say).
  const fullReadAt = readAt;
  const present = new Set<string>();
  for (;;) {
    if (full) for (const id of page.present ?? page.changed.map((r) => r.id)) present.add(id);
    await applyPage(db, log, entity, page, readAt, outcome);
    if (!page.next) break;
    readAt = await databaseNow(db);
    page = full ? await client.readAll(entity, page.next) : await client.changes(entity, page.next);
  }
  if (full) await removeAbsent(db, log, entity, present, fullReadAt, outcome);
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

/** Every kind of record, references first (practices before the locations that name them). */
export const SYNC_ORDER: readonly CrmEntity[] = [
  'practice',
  'customer',
  'location',
  'membership',
  'locationAssignment',
];
if (SYNC_ORDER.length !== CRM_ENTITIES.length)
  throw new Error('crm-sync/sync/changes.ts: SYNC_ORDER');

export interface SyncRound extends SyncOutcome {
  /** Kinds of record not synced this round (tried and failed, not those after a busy CRM). */
  failed: CrmEntity[];
  /** Set when the CRM was busy or away: how long it asked to be left alone (0: no say). */
  crmAwayMs?: number;
}

/**
 * One round over every kind of record; a failing kind is logged and kept for the next round. A
 * busy or absent CRM ends the round: the other kinds would be refused too, and each refused
 * request counts against the service protection limits the outbox waits for.
 */
export async function syncAll(db: Db, client: CrmClient, log: CrmLog): Promise<SyncRound> {
  const total: SyncRound = { applied: 0, removed: 0, reported: 0, failed: [] };
  for (const entity of SYNC_ORDER) {
    try {
      const outcome = await syncEntity(db, client, entity, log);
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
      if (error instanceof CrmUnavailable) {
        total.crmAwayMs = error.retryAfterMs ?? 0;
        break;
      }
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
  client: CrmClient,
  log: CrmLog,
  customerId: string,
): Promise<void> {
  const link = await linkOf(db, 'customer', customerId);
  if (!link) return;
  const readAt = await databaseNow(db);
  const record = await client.read('customer', link.crmId);
  if (record) await takeRecord(db, log, record, readAt);
}
