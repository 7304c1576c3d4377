import { calls } from '@pp/contract';
import { audit } from '../../lib/audit/audit-log.ts';
import { assertRoleChangeable } from '../../lib/authorization/policy.ts';
import { recheckRole } from '../../lib/authorization/recheck.ts';
import { setRole } from '../../lib/employees/employee-store.ts';
import { lockPractice, membershipOf } from '../../lib/employees/lock.ts';
import { employeeOf } from '../../lib/employees/view.ts';
import { ApiError } from '../../lib/http/problem.ts';
import { defineRoute } from '../../routing/route.ts';

/** Member ↔ admin, by the superadmin, for an enabled employee other than themself. */
export default defineRoute(calls.employeeChangeRole, async (request) => {
  const { companyId, customerId, role } = request.body;
  return request.server.db.transaction(async (tx) => {
    await lockPractice(tx, companyId);
    // Under the lock: a concurrent role change may have landed since the declared check.
    await recheckRole(tx, request.customer.id, companyId, 'superadmin');
    const target = await membershipOf(tx, customerId, companyId);
    if (!target) throw ApiError.notFound();
    assertRoleChangeable(target);
    if (target.role !== role) {
      await setRole(tx, companyId, customerId, role);
      await audit(tx, {
        actorCustomerId: request.customer.id,
        action: 'employee.role_changed',
        entity: 'membership',
        entityId: customerId,
        companyId,
        data: { from: target.role, to: role },
      });
    }
    return employeeOf(tx, companyId, customerId);
  });
});
