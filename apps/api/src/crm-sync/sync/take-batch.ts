import { sql } from 'drizzle-orm';
import { isGuid } from '@pp/contract';
import type { Executor } from '../../db/client.ts';
import type { CrmEntity, CrmRecord } from '../crm-client.ts';
import { CRM_REFERENCES } from '../fields.ts';
import { COLUMNS, fieldOfColumn } from '../mirror/columns.ts';
import {
  linkedElsewhere,
  linkedPortalKeys,
  linksByCrmIds,
  MissingReference,
  saveLinks,
  type KeyOfCrmId,
} from '../mirror/links.ts';
import { applyRecord, isMoved, joinKeyOf } from '../mirror/write-row.ts';
import { fieldsBreakingRules } from '../portal-rules.ts';
import { existingJoinKey, matchesOf, matchOf, matchValue, type Match } from './import.ts';

// A batch of a page's records taken at once (issue 44: a first import of tens of thousands):
// the links of its keys, the outbox's waiting writes, the matches and the records the references
// name are each read in one query for the batch, the links saved in one statement, and no
// savepoint is made per record. The outcome is that of `apply.ts`'s `takeRecord` for each record
// in turn; a batch whose records could meet each other (the same key, e-mail address, customer
// number, location name or joined pair twice) is not taken here, and a batch that fails is
// undone as a whole: the caller then takes its records one by one, each in a savepoint.

/** `byRules`: the portal's rules refuse the record's values (`reports.ts`). */
export type Taken = 'applied' | 'older' | { refused: string; byRules?: boolean };

/** The references of a record: the kind and CRM key of each record it names. */
function referencesOf(record: CrmRecord): [CrmEntity, unknown][] {
  return Object.entries(COLUMNS[record.entity])
    .filter(([field, place]) => place.kind === 'reference' && record.fields[field])
    .map(([field]) => [CRM_REFERENCES[field]!, record.fields[field]]);
}

/** What two records of one batch could share, so that the first changes what the second finds. */
function meetingPoint(record: CrmRecord): string | undefined {
  const { fields } = record;
  const lower = (value: unknown) => String(value ?? '').toLowerCase();
  if (record.entity === 'customer' || record.entity === 'practice') return matchValue(record);
  if (record.entity === 'location') return `${lower(fields.practiceId)}:${lower(fields.name)}`;
  if (record.entity === 'membership') {
    return `${lower(fields.customerId)}:${lower(fields.practiceId)}`;
  }
  return `${lower(fields.locationId)}:${lower(fields.customerId)}`;
}

/** Whether a batch's records can be taken together: GUID keys, none meeting another. */
export function batchable(records: readonly CrmRecord[]): boolean {
  const ids = new Set<string>();
  const points = new Set<string>();
  for (const record of records) {
    const id = record.id.toLowerCase();
    const point = meetingPoint(record);
    if (!isGuid(id) || ids.has(id) || (point !== undefined && points.has(point))) return false;
    if (referencesOf(record).some(([, value]) => typeof value !== 'string' || !isGuid(value))) {
      return false;
    }
    ids.add(id);
    if (point !== undefined) points.add(point);
  }
  return true;
}

/** The fields the outbox's waiting writes of these rows will still send, by portal key. */
async function pendingOf(tx: Executor, entity: CrmEntity, portalKeys: readonly string[]) {
  const pending = new Map<string, Set<string>>();
  if (portalKeys.length === 0) return pending;
  const result = await tx.execute(sql`
    select portal_key, table_name, changes from crm_outbox
    where status = 'waiting' and entity = ${entity} and portal_key in
      (select jsonb_array_elements_text(${JSON.stringify(portalKeys)}::jsonb))`);
  const rows = (
    result as unknown as { rows: { portal_key: string; table_name: string; changes: object }[] }
  ).rows;
  for (const row of rows) {
    const fields = pending.get(row.portal_key) ?? new Set<string>();
    pending.set(row.portal_key, fields);
    for (const column of Object.keys(row.changes)) {
      const field = fieldOfColumn(entity, row.table_name, column);
      if (field) fields.add(field);
    }
  }
  return pending;
}

/** The portal keys of the records the batch's references name, read in one query per kind. */
async function referencedKeys(tx: Executor, records: readonly CrmRecord[]): Promise<KeyOfCrmId> {
  const named = new Map<CrmEntity, Set<string>>();
  for (const record of records) {
    for (const [entity, value] of referencesOf(record)) {
      named.set(entity, (named.get(entity) ?? new Set()).add(String(value).toLowerCase()));
    }
  }
  const keys = new Map<string, string>();
  for (const [entity, ids] of named) {
    for (const [id, link] of await linksByCrmIds(tx, entity, [...ids])) {
      keys.set(`${entity}:${id}`, link.portalKey);
    }
  }
  return async (entity, crmId) => keys.get(`${entity}:${crmId.toLowerCase()}`);
}

/**
 * Takes a {@link batchable} batch of one kind's records in the caller's transaction (marked as
 * the sync's). Refused records wrote nothing: the reasons are known before the first write.
 * Undefined, before any write, when a membership or assignment of the batch was re-pointed in
 * the CRM: such a record moves (`apply.ts`), and one record's move may free or take the row
 * another record of the batch names, so they are taken one by one.
 */
export async function takeBatch(
  tx: Executor,
  entity: CrmEntity,
  records: readonly CrmRecord[],
  readAt: Date,
): Promise<Taken[] | undefined> {
  const links = await linksByCrmIds(
    tx,
    entity,
    records.map((record) => record.id.toLowerCase()),
  );
  const linkOf = (record: CrmRecord) => links.get(record.id.toLowerCase());
  const pending = await pendingOf(
    tx,
    entity,
    [...links.values()].map((link) => link.portalKey),
  );
  const unlinked = records.filter((record) => !linkOf(record));
  const matches: Map<CrmRecord, Match> =
    (entity === 'customer' || entity === 'practice') && unlinked.length > 0
      ? await matchesOf(tx, entity, unlinked)
      : new Map();
  const keyOf = await referencedKeys(tx, records);
  for (const record of records) {
    const link = linkOf(record);
    if (link && (await isMoved(record, link.portalKey, keyOf))) return undefined;
  }
  // A membership or assignment whose row another CRM record is linked to (a second one of the
  // same pair, made in Dynamics) is reported; the first keeps the row.
  const joinKeys = new Map<CrmRecord, string>();
  for (const record of unlinked) {
    const key = await joinKeyOf(record, keyOf);
    if (key !== undefined) joinKeys.set(record, key);
  }
  const linkedJoins = await linkedPortalKeys(tx, entity, [...joinKeys.values()]);
  const newLinks = new Map<string, { portalKey: string; crmId: string; etag: string | null }>();
  const taken: Taken[] = [];
  for (const record of records) {
    const broken = fieldsBreakingRules(record);
    if (broken.length > 0) {
      taken.push({
        refused: `values the portal does not take: ${broken.join(', ')}`,
        byRules: true,
      });
      continue;
    }
    const link = linkOf(record);
    if (link && link.syncedAt > readAt) {
      taken.push('older');
      continue;
    }
    try {
      let key: string;
      if (link) {
        const fields = pending.get(link.portalKey);
        key = await applyRecord(tx, record, link.portalKey, fields, keyOf);
        // As in `takeRecord`: while the portal still sends a change, the version stays.
        if (fields) {
          taken.push('applied');
          continue;
        }
      } else {
        const match = matches.get(record) ?? (await matchOf(tx, record));
        if (match.conflict) {
          taken.push({ refused: match.conflict });
          continue;
        }
        if (linkedJoins.has(joinKeys.get(record) ?? '')) {
          taken.push({ refused: linkedElsewhere(entity) });
          continue;
        }
        const known = match.portalKey ?? (await existingJoinKey(tx, record, keyOf));
        key = await applyRecord(tx, record, known, undefined, keyOf);
      }
      newLinks.delete(key);
      newLinks.set(key, { portalKey: key, crmId: record.id, etag: record.etag });
      taken.push('applied');
    } catch (error) {
      // A missing reference is found before the record's first write; anything else undoes
      // the batch.
      if (!(error instanceof MissingReference)) throw error;
      taken.push({ refused: error.message });
    }
  }
  await saveLinks(tx, entity, [...newLinks.values()]);
  return taken;
}
