import type { Db, Executor } from '../../db/client.ts';
import { audit } from '../audit/audit-log.ts';
import { changeStatus, type StatusChange } from './change-status.ts';
import { employeeOf } from './view.ts';

/**
 * The change under the practice's lock, and an audit entry when the status really changed (a
 * connect request's approval or refusal named as such): one person's part of
 * `Employee/EnableEmployee`, `DisableEmployee` and the bulk action.
 */
export async function applyStatus(tx: Executor, change: StatusChange): Promise<void> {
  const { companyId, callerId, targetId, to } = change;
  const from = await changeStatus(tx, change);
  if (from !== to) {
    await audit(tx, {
      actorCustomerId: callerId,
      action: from === 'requested' ? `employee.request_${to}` : `employee.${to}`,
      entity: 'membership',
      entityId: targetId,
      companyId,
      data: { from, to },
    });
  }
}

/** `Employee/EnableEmployee` and `DisableEmployee`: the change, and the employee as it is now. */
export function setStatus(db: Db, change: StatusChange) {
  return db.transaction(async (tx) => {
    await applyStatus(tx, change);
    return employeeOf(tx, change.companyId, change.targetId);
  });
}
