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
