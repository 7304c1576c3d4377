import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { crmLinks, crmReports, crmSyncState } from '../../db/schema.ts';
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
import { applyPage, databaseNow, takeRecord, type SyncOutcome } from './apply.ts';
import { followMerges } from './merges.ts';
import { queueUnlinked } from './import.ts';
import { plainSyncError } from './plain-reason.ts';
import { bringReferences, retryWaiting, takeLeftBehind, type SyncContext } from './references.ts';
import { portalRecordsOf } from './scope.ts';

// The sync's rounds (decision 0061): the first round of each kind of record is a full read that
// imports what the CRM holds (`import.ts`); later rounds read only the changes since the last one
// (Dataverse change tracking). Of each page only the portal's records are kept (`scope.ts`,
// decision 0101); the records they name come by key (`references.ts`); then the page goes into
// the mirror through `apply.ts`.

/**
 * Removes what a full read no longer found, as a removal reported by change tracking is removed
 * (`applyPage`): the linked records the CRM does not hold. Only links older than the read: a
 * record the outbox created in the CRM after the read began may be missing from its pages, and
 * a record the portal made and has not sent has no link yet (its create waits in the outbox).
 */
async function removeAbsent(
  context: SyncContext,
  entity: CrmEntity,
  /** The linked records a full read found: all a full read needs to keep (not every key). */
  present: ReadonlySet<string>,
  readAt: Date,
) {
  const { db, log, outcome } = context;
  const links = await db
    .select({ crmId: crmLinks.crmId })
    .from(crmLinks)
    .where(and(eq(crmLinks.entity, entity), lt(crmLinks.syncedAt, readAt)));
  const removed = links.map((link) => link.crmId).filter((id) => !present.has(id));
  if (removed.length === 0) return;
  log.info({ entity, removed: removed.length }, 'records the CRM no longer holds are removed');
  const left = await applyPage(db, log, entity, { changed: [], removed }, readAt, outcome);
  await takeLeftBehind(context, left);
  await retryWaiting(context);
}

/** The CRM keys of the records of a kind the portal reported instead of taking. */
async function reportedIds(db: Db, entity: CrmEntity): Promise<Set<string>> {
  const rows = await db
    .select({ crmId: crmReports.crmId })
    .from(crmReports)
    .where(eq(crmReports.entity, entity));
  return new Set(rows.map((row) => row.crmId.toLowerCase()));
}

/** Forgets the reports, made before a full read began, of records it did not find. */
async function forgetAbsentReports(
  db: Db,
  entity: CrmEntity,
  reported: ReadonlySet<string>,
  present: ReadonlySet<string>,
  readAt: Date,
) {
  const absent = [...reported].filter((id) => !present.has(id));
  if (absent.length === 0) return;
  await db
    .delete(crmReports)
    .where(
      and(
        eq(crmReports.entity, entity),
        inArray(crmReports.crmId, absent),
        lt(crmReports.reportedAt, readAt),
      ),
    );
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
): Promise<SyncOutcome & { full: boolean }> {
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
  // page were removed in the CRM (while a change token expired, say). Only linked keys are kept:
  // a full read of a million contacts keeps the portal's few thousand.
  const fullReadAt = readAt;
  const present = new Set<string>();
  // The records reported before it began, and those of them it meets: one it no longer finds was
  // removed in the CRM too, and its report (an address refused at sign-in with it) goes.
  const reported = full ? await reportedIds(db, entity) : new Set<string>();
  const reportedPresent = new Set<string>();
  const context: SyncContext = { db, client, log, outcome, taken: [] };
  for (;;) {
    // A merged record's portal record follows its master first (docs/product.md §1); a master
    // not on this page is read by key and taken with it.
    const masters = await followMerges(
      db,
      client,
      log,
      entity,
      page.merged ?? [],
      page.changed,
      readAt,
    );
    const changed = [...page.changed, ...masters];
    const scope = await portalRecordsOf(
      db,
      entity,
      changed,
      page.present && [...page.present, ...masters.map((record) => record.id)],
    );
    if (full) for (const id of scope.linked) present.add(id);
    for (const id of page.present ?? page.changed.map((record) => record.id)) {
      if (reported.has(id.toLowerCase())) reportedPresent.add(id.toLowerCase());
    }
    await bringReferences(context, scope.records);
    const left = await applyPage(
      db,
      log,
      entity,
      { changed: scope.records, removed: page.removed },
      readAt,
      outcome,
      context.taken,
    );
    await takeLeftBehind(context, left);
    await retryWaiting(context);
    if (!page.next) break;
    readAt = await databaseNow(db);
    page = full ? await client.readAll(entity, page.next) : await client.changes(entity, page.next);
  }
  if (full) await removeAbsent(context, entity, present, fullReadAt);
  if (full) await forgetAbsentReports(db, entity, reported, reportedPresent, fullReadAt);
  await db
    .insert(crmSyncState)
    .values({ entity, token: page.token ?? null, lastSuccessAt: sql`now()` })
    .onConflictDoUpdate({
      target: crmSyncState.entity,
      set: { token: page.token ?? null, lastSuccessAt: sql`now()`, lastError: null },
    });
  return { ...outcome, full };
}

/**
 * Every kind of record: the portal's own tables first, which bring the contacts and accounts
 * they name (decision 0101); then the organisation's contacts and accounts, of which only the
 * portal's are kept.
 */
export const SYNC_ORDER: readonly CrmEntity[] = [
  'location',
  'membership',
  'locationAssignment',
  'practice',
  'customer',
];
/** After a full read, the portal's records the CRM lacks are sent, references first. */
const QUEUE_ORDER: readonly CrmEntity[] = [
  'practice',
  'customer',
  'location',
  'membership',
  'locationAssignment',
];
if (SYNC_ORDER.length !== CRM_ENTITIES.length || QUEUE_ORDER.length !== CRM_ENTITIES.length)
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
  const fullyRead = new Set<CrmEntity>();
  for (const entity of SYNC_ORDER) {
    try {
      const outcome = await syncEntity(db, client, entity, log);
      if (outcome.full) fullyRead.add(entity);
      total.applied += outcome.applied;
      total.removed += outcome.removed;
      total.reported += outcome.reported;
    } catch (error) {
      total.failed.push(entity);
      // Never the raw text: a database error holds the statement's parameters (issue 44).
      const message = plainSyncError(error);
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
  for (const entity of QUEUE_ORDER) if (fullyRead.has(entity)) await queueUnlinked(db, entity);
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
