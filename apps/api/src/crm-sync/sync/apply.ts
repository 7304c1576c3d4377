import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import type { CrmChangePage, CrmEntity, CrmLog, CrmRecord } from '../crm-client.ts';
import { fieldOfColumn } from '../mirror/columns.ts';
import {
  keysIn,
  linkByCrmId,
  ofPersonsJoins,
  saveLink,
  takenByAnother,
  WAITING_REASON,
} from '../mirror/links.ts';
import { applyRecord, asSync, isMoved, removeRow } from '../mirror/write-row.ts';
import { inPortalForm, refusalOf } from '../portal-rules.ts';
import { existingJoinKey, matchOf } from './import.ts';
import { plainReason } from './plain-reason.ts';
import { forgetReports, keepAndAudit, logReport } from './reports.ts';
import { batchable, takeBatch } from './take-batch.ts';

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

/**
 * Adds a CRM record the mirror does not link: matched to the portal's record it is (`import.ts`),
 * or a new row. Returns why it is reported instead, or undefined.
 */
async function addRecord(tx: Executor, record: CrmRecord): Promise<string | undefined> {
  const match = await matchOf(tx, record);
  if (match.conflict) return match.conflict;
  const known = match.portalKey ?? (await existingJoinKey(tx, record));
  const taken = await takenByAnother(tx, record.entity, known);
  if (taken !== undefined) return taken;
  const key = await applyRecord(tx, record, known);
  await saveLink(tx, record.entity, key, record.id, record.etag);
  return undefined;
}

/**
 * Takes one CRM record into the mirror: in a transaction of its own, or in a savepoint of the
 * caller's transaction (then a refused record undoes only itself).
 */
export async function takeRecord(
  db: Executor,
  log: CrmLog,
  typed: CrmRecord,
  readAt: Date,
): Promise<'applied' | 'reported' | 'reported before' | 'older'> {
  const record = inPortalForm(typed);
  let reason: string | undefined;
  let older = false;
  const byRules = refusalOf(record);
  try {
    await db.transaction(async (tx) => {
      await asSync(tx);
      reason = byRules;
      if (reason !== undefined) return;
      const link = await linkByCrmId(tx, record.entity, record.id);
      // The portal agreed with a newer version after this one was read (a write of the outbox
      // came back between the read and now): this one is older, the next round brings what
      // the CRM has after it.
      if (link && link.syncedAt > readAt) {
        older = true;
        return;
      }
      if (link && !(await isMoved(record, link.portalKey, keysIn(tx)))) {
        const pending = await pendingFields(tx, record.entity, link.portalKey);
        await applyRecord(tx, record, link.portalKey, pending.fields);
        // While the portal still sends a change, the mirror keeps the version it was made on:
        // the write then meets the CRM's change (412) and merges instead of overwriting it.
        if (!pending.waiting) {
          await saveLink(tx, record.entity, link.portalKey, record.id, record.etag);
        }
        return;
      }
      if (!link) {
        reason = await addRecord(tx, record);
        return;
      }
      // A membership or assignment re-pointed in the CRM moves, as if removed and added
      // (docs/product.md §1): its row goes, and one the portal refuses to add undoes only the
      // adding — the CRM has no record of the old row any more.
      await removeRow(tx, record.entity, link.portalKey);
      try {
        reason = await tx.transaction((added) => addRecord(added, record));
      } catch (error) {
        reason = plainReason(error);
      }
    });
  } catch (error) {
    reason = plainReason(error);
  }
  if (older) return 'older';
  if (reason === undefined) {
    await forgetReports(db, record.entity, [record.id]);
    return 'applied';
  }
  if (!(await keepAndAudit(db, record, reason, reason === byRules))) return 'reported before';
  logReport(log, record, reason);
  return 'reported';
}

/** The database's clock (the links' `synced_at` are written by it), before a read of the CRM. */
export async function databaseNow(db: Executor): Promise<Date> {
  const result = await db.execute(sql`select clock_timestamp() as now`);
  const [row] = (result as unknown as { rows: { now: string | Date }[] }).rows;
  return new Date(row!.now);
}

/** Records taken into the mirror per transaction: fewer commits, short row locks. */
const RECORDS_PER_TRANSACTION = 50;

/**
 * Takes a batch of records in one transaction: together (`take-batch.ts`) when they can be, else
 * or when that fails one by one, each in a savepoint (a refused record undoes only itself).
 */
async function takeRecords(
  db: Db,
  log: CrmLog,
  entity: CrmEntity,
  typed: readonly CrmRecord[],
  readAt: Date,
): Promise<Awaited<ReturnType<typeof takeRecord>>[]> {
  const records = typed.map(inPortalForm);
  if (batchable(records)) {
    try {
      // Reports are kept and logged after the batch's writes: a batch undone logs nothing.
      const taken = await db.transaction(async (tx) => {
        await asSync(tx);
        // Records the rules refuse are known before the batch: the same reason as one by one.
        const refused = records.map(refusalOf);
        const accepted = records.filter((_, i) => refused[i] === undefined);
        const results = await takeBatch(tx, entity, accepted, readAt);
        if (results === undefined) return undefined;
        const taken = refused.map((reason) =>
          reason === undefined ? results.shift()! : { refused: reason, byRules: true },
        );
        await forgetReports(
          tx,
          entity,
          records.filter((_, i) => taken[i] === 'applied').map((record) => record.id),
        );
        const reported: boolean[] = [];
        for (const [i, result] of taken.entries()) {
          if (typeof result !== 'object') continue;
          reported[i] = await keepAndAudit(tx, records[i]!, result.refused, result.byRules);
        }
        return { taken, reported };
      });
      // None when a record of the batch moves: then they are taken one by one, below.
      if (taken) {
        return records.map((record, i) => {
          const result = taken.taken[i]!;
          if (typeof result !== 'object') return result;
          if (!taken.reported[i]) return 'reported before';
          logReport(log, record, result.refused);
          return 'reported';
        });
      }
    } catch (error) {
      log.info(
        { entity, reason: plainReason(error) },
        'a batch of CRM records failed: its records are taken one by one',
      );
    }
  }
  return db.transaction(async (tx) => {
    await asSync(tx);
    const results: Awaited<ReturnType<typeof takeRecord>>[] = [];
    for (const record of records) results.push(await takeRecord(tx, log, record, readAt));
    return results;
  });
}

/** CRM keys of the records that went with a person the CRM removed, by kind (`leftBehind`). */
export type LeftBehind = Partial<Record<CrmEntity, string[]>>;

/**
 * The memberships and location assignments of a person whose contact goes (probes M2, N2, N4),
 * which the CRM may still have: a deactivated contact keeps them, a merge moves them to the
 * master, a deletion empties their contact (or they went before it, being read first). The sync
 * reads them again after the removal (`references.ts`) and reports them in the version read, as
 * any record: waiting for the contact, a duplicate of the master's, naming no contact. Until
 * then, so that a failed read does not lose them, each is kept as waiting for the contact —
 * unless something is reported of it already (a version the same round read) — without a
 * version and unlogged, as the version read then replaces it. When the contact is active again,
 * it is taken (`scope.ts`) and they with it.
 */
async function leftBehind(
  tx: Executor,
  link: { portalKey: string },
  contactCrmId: string,
): Promise<{ entity: CrmEntity; id: string }[]> {
  const result = await tx.execute(sql`
    select entity, crm_id::text as id from crm_links where ${ofPersonsJoins(link.portalKey)}`);
  const rows = (result as unknown as { rows: { entity: CrmEntity; id: string }[] }).rows;
  if (rows.length > 0) {
    const reason = `the CRM's customer ${contactCrmId.toLowerCase()} ${WAITING_REASON}`;
    await tx.execute(sql`
      insert into crm_reports (entity, crm_id, version, reason)
      select r.entity, r.id::uuid, '', ${reason}
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(entity text, id text)
      on conflict (entity, crm_id) do nothing`);
  }
  return rows;
}

/**
 * Takes a page's removals, then its records; the keys of the records taken go into `taken`.
 * Removals first: a contact deactivated by a merge in Dynamics frees the e-mail address its
 * master, on the same page, is matched by (docs/product.md §1). Returns what removed people
 * left behind, for the caller to read again (`references.ts`, `takeLeftBehind`).
 */
export async function applyPage(
  db: Db,
  log: CrmLog,
  entity: CrmEntity,
  page: Pick<CrmChangePage, 'changed' | 'removed'>,
  readAt: Date,
  outcome: SyncOutcome,
  taken?: string[],
): Promise<LeftBehind> {
  const left: LeftBehind = {};
  if (page.removed.length > 0) {
    await db.transaction(async (tx) => {
      await asSync(tx);
      await forgetReports(tx, entity, page.removed);
      for (const crmId of page.removed) {
        const link = await linkByCrmId(tx, entity, crmId);
        if (link) {
          if (entity === 'customer') {
            for (const row of await leftBehind(tx, link, crmId)) {
              (left[row.entity] ??= []).push(row.id);
            }
          }
          await removeRow(tx, entity, link.portalKey);
          outcome.removed++;
        }
      }
    });
  }
  for (let start = 0; start < page.changed.length; start += RECORDS_PER_TRANSACTION) {
    const records = page.changed.slice(start, start + RECORDS_PER_TRANSACTION);
    const results = await takeRecords(db, log, entity, records, readAt);
    for (const [i, result] of results.entries()) {
      if (result === 'applied') {
        outcome.applied++;
        taken?.push(records[i]!.id.toLowerCase());
      }
      if (result === 'reported') outcome.reported++;
    }
  }
  return left;
}
