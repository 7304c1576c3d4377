import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { crmReports } from '../../db/schema.ts';
import { audit } from '../../lib/audit/audit-log.ts';
import type { CrmChangePage, CrmEntity, CrmLog, CrmRecord } from '../crm-client.ts';
import { fieldOfColumn } from '../mirror/columns.ts';
import { linkByCrmId, saveLink } from '../mirror/links.ts';
import { applyRecord, asSync, removeRow } from '../mirror/write-row.ts';
import { fieldsBreakingRules } from '../portal-rules.ts';
import { existingJoinKey, matchOf } from './import.ts';

// The CRM's records into the mirror (decision 0061): each record checked against the portal's
// rules, then written over its linked row, or matched (`import.ts`) and linked; a record the
// portal cannot take is reported in the log and the audit log, once per version of it (issue 44:
// a full read meets it again unchanged), and kept in `crm_reports` for the operator until it is
// taken or removed. Removed records go.

export interface SyncOutcome {
  applied: number;
  removed: number;
  /**
   * Records reported instead of taken (conflicts and records the portal's rules refuse), each
   * once per version: one read again unchanged is not counted again.
   */
  reported: number;
}

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

/** The version a report is kept for: the CRM's ETag, or the record's values without one. */
function versionOf(record: CrmRecord): string {
  if (record.etag) return record.etag;
  return createHash('sha256').update(JSON.stringify(record.fields)).digest('base64url');
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Keeps the report of this version; false when this version was reported already. */
async function keepReport(db: Executor, record: CrmRecord, reason: string): Promise<boolean> {
  const result = await db.execute(sql`
    insert into crm_reports (entity, crm_id, version, reason)
    values (${record.entity}, ${record.id}::uuid, ${versionOf(record)}, ${reason})
    on conflict (entity, crm_id) do update
      set version = excluded.version, reason = excluded.reason, reported_at = now()
      where crm_reports.version is distinct from excluded.version
        or crm_reports.reason is distinct from excluded.reason
    returning 1`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

/** Reports a record the portal does not take, unless this version was reported already. */
async function report(
  db: Executor,
  log: CrmLog,
  record: CrmRecord,
  reason: string,
): Promise<boolean> {
  // A CRM's keys are GUIDs; a record without one is reported on every read.
  if (GUID.test(record.id) && !(await keepReport(db, record, reason))) return false;
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
  return true;
}

/** A record taken or removed is no longer reported. */
async function forgetReport(db: Executor, entity: CrmEntity, crmId: string): Promise<void> {
  if (!GUID.test(crmId)) return;
  await db
    .delete(crmReports)
    .where(and(eq(crmReports.entity, entity), eq(crmReports.crmId, crmId)));
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
): Promise<'applied' | 'reported' | 'reported before' | 'older'> {
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
  if (reason === undefined) {
    await forgetReport(db, record.entity, record.id);
    return 'applied';
  }
  return (await report(db, log, record, reason)) ? 'reported' : 'reported before';
}

/** The database's clock (the links' `synced_at` are written by it), before a read of the CRM. */
export async function databaseNow(db: Executor): Promise<Date> {
  const result = await db.execute(sql`select clock_timestamp() as now`);
  const [row] = (result as unknown as { rows: { now: string | Date }[] }).rows;
  return new Date(row!.now);
}

/** Records taken into the mirror per transaction: fewer commits, short row locks. */
const RECORDS_PER_TRANSACTION = 50;

/** Takes a page's records and removals; the keys of the records taken go into `taken`. */
export async function applyPage(
  db: Db,
  log: CrmLog,
  entity: CrmEntity,
  page: Pick<CrmChangePage, 'changed' | 'removed'>,
  readAt: Date,
  outcome: SyncOutcome,
  taken?: string[],
) {
  for (let start = 0; start < page.changed.length; start += RECORDS_PER_TRANSACTION) {
    const records = page.changed.slice(start, start + RECORDS_PER_TRANSACTION);
    await db.transaction(async (tx) => {
      await asSync(tx);
      for (const record of records) {
        const result = await takeRecord(tx, log, record, readAt);
        if (result === 'applied') {
          outcome.applied++;
          taken?.push(record.id.toLowerCase());
        }
        if (result === 'reported') outcome.reported++;
      }
    });
  }
  if (page.removed.length === 0) return;
  await db.transaction(async (tx) => {
    await asSync(tx);
    for (const crmId of page.removed) {
      await forgetReport(tx, entity, crmId);
      const link = await linkByCrmId(tx, entity, crmId);
      if (link) {
        await removeRow(tx, entity, link.portalKey);
        outcome.removed++;
      }
    }
  });
}
