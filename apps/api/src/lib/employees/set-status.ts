import type { Db } from '../../db/client.ts';
import { audit } from '../audit/audit-log.ts';
import { changeStatus, type StatusChange } from './change-status.ts';
import { employeeOf } from './view.ts';

/**
 * `Employee/EnableEmployee` and `DisableEmployee`: the change under the practice's lock, an audit
 * entry when the status really changed (a connect request's approval or refusal named as such),
 * and the employee as it is now.
 */
export function setStatus(db: Db, change: StatusChange) {
  const { companyId, callerId, targetId, to } = change;
  return db.transaction(async (tx) => {
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
    return employeeOf(tx, companyId, targetId);
  });
}
