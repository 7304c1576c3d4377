import { calls } from '@pp/contract';
import { audit } from '../../lib/audit/audit-log.ts';
import { assertMayReceiveSuperadmin } from '../../lib/authorization/policy.ts';
import { recheckRole } from '../../lib/authorization/recheck.ts';
import { setRole } from '../../lib/employees/employee-store.ts';
import { lockPractice, membershipOf } from '../../lib/employees/lock.ts';
import { employeeOf } from '../../lib/employees/view.ts';
import { ApiError } from '../../lib/http/problem.ts';
import { defineRoute } from '../../routing/route.ts';

/**
 * Hands the superadmin role to an enabled admin; the caller becomes admin. Under the practice's
 * lock, so a hand-over and a change of the same admin sent at once never both succeed.
 */
export default defineRoute(calls.employeeTransferSuperadmin, async (request) => {
  const { companyId, customerId } = request.body;
  const callerId = request.customer.id;
  return request.server.db.transaction(async (tx) => {
    await lockPractice(tx, companyId);
    // Under the lock: a concurrent hand-over may have landed since the declared check.
    await recheckRole(tx, callerId, companyId, 'superadmin');
    const target = await membershipOf(tx, customerId, companyId);
    if (!target) throw ApiError.notFound();
    assertMayReceiveSuperadmin(callerId, customerId, target);
    // First down, then up: at most one superadmin at any moment, exactly one at commit.
    await setRole(tx, companyId, callerId, 'admin');
    await setRole(tx, companyId, customerId, 'superadmin');
    await audit(tx, {
      actorCustomerId: callerId,
      action: 'employee.superadmin_transferred',
      entity: 'membership',
      entityId: customerId,
      companyId,
    });
    return employeeOf(tx, companyId, customerId);
  });
});
