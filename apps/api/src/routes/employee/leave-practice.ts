import { calls } from '@pp/contract';
import { audit } from '../../lib/audit/audit-log.ts';
import { assertMayLeave } from '../../lib/authorization/policy.ts';
import { recheckRole } from '../../lib/authorization/recheck.ts';
import { setPrimaryPractice } from '../../lib/customers/customer-store.ts';
import { nextPrimaryPractice, removeMembership } from '../../lib/employees/employee-store.ts';
import { lockPractice } from '../../lib/employees/lock.ts';
import { defineRoute } from '../../routing/route.ts';

/**
 * Anyone but the superadmin (who hands the role over first) leaves; their locations there go
 * with the membership, and another enabled practice becomes primary if this one was.
 */
export default defineRoute(calls.employeeLeavePractice, async (request) => {
  const { companyId } = request.body;
  const customer = request.customer;
  await request.server.db.transaction(async (tx) => {
    await lockPractice(tx, companyId);
    // Under the lock: a hand-over of the superadmin role may have landed since the declared check.
    assertMayLeave(await recheckRole(tx, customer.id, companyId, 'member'));
    await removeMembership(tx, companyId, customer.id);
    if (customer.primaryCompanyId === companyId) {
      await setPrimaryPractice(
        tx,
        customer.id,
        await nextPrimaryPractice(tx, customer.id, companyId),
      );
    }
    await audit(tx, {
      actorCustomerId: customer.id,
      action: 'employee.left',
      entity: 'membership',
      entityId: customer.id,
      companyId,
    });
  });
  return { status: 'done' as const };
});
