import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { EmailSchema, isGuid } from '@pp/contract';
import type { Executor } from '../../db/client.ts';
import { crmReports } from '../../db/schema.ts';
import { audit } from '../../lib/audit/audit-log.ts';
import type { CrmEntity, CrmLog, CrmRecord } from '../crm-client.ts';

// The records the portal reports instead of taking (issue 44): in the log and the audit log once
// per version of each (a full read meets it again unchanged), and kept in `crm_reports` for the
// operator until the record is taken or removed; a reported contact's address refuses its owner's
// first sign-in meanwhile (`first-sign-in.ts`).

/** The version a report is kept for: the CRM's ETag, or the record's values without one. */
function versionOf(record: CrmRecord): string {
  if (record.etag) return record.etag;
  return createHash('sha256').update(JSON.stringify(record.fields)).digest('base64url');
}

/**
 * A reported contact's address in the portal's normal form, or null (another kind of record, or
 * no address the portal accepts): its first sign-in is refused while the report stays
 * (`first-sign-in.ts`).
 */
function reportedEmailOf(record: CrmRecord): string | null {
  const email = record.fields['email'];
  if (record.entity !== 'customer' || typeof email !== 'string') return null;
  const normal = EmailSchema.safeParse(email);
  return normal.success ? normal.data : null;
}

/**
 * Keeps the report of this version; false when this version was reported already. The reason is
 * kept as now given (its wording may have changed), but the same version is not reported again.
 */
async function keepReport(
  db: Executor,
  record: CrmRecord,
  reason: string,
  byRules: boolean,
): Promise<boolean> {
  const result = await db.execute(sql`
    with before as (
      select version from crm_reports where entity = ${record.entity} and crm_id = ${record.id}::uuid)
    insert into crm_reports (entity, crm_id, version, reason, email)
    values (${record.entity}, ${record.id}::uuid, ${versionOf(record)}, ${reason},
      ${byRules ? reportedEmailOf(record) : null})
    on conflict (entity, crm_id) do update
      set version = excluded.version, reason = excluded.reason, email = excluded.email,
        reported_at = case when crm_reports.version is distinct from excluded.version
          then now() else crm_reports.reported_at end
    returning not exists (select 1 from before b where b.version = crm_reports.version) as fresh`);
  return (result as unknown as { rows: { fresh: boolean }[] }).rows[0]?.fresh === true;
}

/**
 * Keeps the report of a record the portal does not take, with its audit entry; false when this
 * version was reported already. `byRules`: the portal's rules refuse its values; only then is a
 * contact's address kept with the report (a duplicate of a live person's contact, say, must not
 * refuse that address once the person has gone).
 */
export async function keepAndAudit(
  db: Executor,
  record: CrmRecord,
  reason: string,
  byRules = false,
): Promise<boolean> {
  // A CRM's keys are GUIDs; a record without one is reported on every read.
  if (isGuid(record.id) && !(await keepReport(db, record, reason, byRules))) return false;
  await audit(db, {
    actorCustomerId: null,
    action: 'crm.record.reported',
    entity: record.entity,
    entityId: record.id,
    data: { reason },
  });
  return true;
}

export function logReport(log: CrmLog, record: CrmRecord, reason: string) {
  log.warn(
    { entity: record.entity, crmId: record.id, reason },
    'a CRM record was reported instead of taken into the portal',
  );
}

/** Records taken or removed are no longer reported (one statement for many). */
export async function forgetReports(db: Executor, entity: CrmEntity, crmIds: readonly string[]) {
  const keys = crmIds.filter(isGuid);
  if (keys.length === 0) return;
  await db
    .delete(crmReports)
    .where(
      and(
        eq(crmReports.entity, entity),
        sql`${crmReports.crmId} in (select v::uuid from jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb) as t(v))`,
      ),
    );
}
