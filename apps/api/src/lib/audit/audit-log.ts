import { sql, type WithSubquery } from 'drizzle-orm';
import { auditLog } from '../../db/schema.ts';
import type { Executor } from '../../db/client.ts';

export interface AuditEntry {
  actorCustomerId: string | null;
  action: string;
  entity: string;
  entityId?: string | null;
  companyId?: string | null;
  /** What changed; never secrets, link hashes or passwords. */
  data?: Record<string, unknown>;
}

/** Writes one audit entry in the caller's transaction. */
export async function audit(tx: Executor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorCustomerId: entry.actorCustomerId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    companyId: entry.companyId ?? null,
    data: entry.data ?? {},
  });
}

const COLUMNS = sql.join(
  [
    auditLog.actorCustomerId,
    auditLog.action,
    auditLog.entity,
    auditLog.entityId,
    auditLog.companyId,
    auditLog.data,
  ].map((column) => sql.identifier(column.name)),
  sql`, `,
);

/**
 * The audit entry of a change that a CTE of the same statement makes (`changed`, an update or
 * insert with `returning`), as a second CTE: one entry for each row the change wrote, none when
 * it wrote none. Change and entry are one statement, so they need no transaction of their own
 * (issue 28: a profile save runs three statements fewer, decision 0093).
 */
export function auditOf(db: Executor, changed: WithSubquery, entry: AuditEntry) {
  return db.$with('audit_entry', {}).as(
    sql`insert into ${auditLog} (${COLUMNS})
        select ${entry.actorCustomerId}::uuid, ${entry.action}::text, ${entry.entity}::text,
               ${entry.entityId ?? null}::text, ${entry.companyId ?? null}::uuid,
               ${JSON.stringify(entry.data ?? {})}::jsonb
        from ${changed}`,
  );
}
