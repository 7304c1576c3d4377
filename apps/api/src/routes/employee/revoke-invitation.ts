import { calls } from '@pp/contract';
import { assertMayInviteAs } from '../../lib/authorization/policy.ts';
import { recheckRole } from '../../lib/authorization/recheck.ts';
import { endInvitation } from '../../lib/employees/end-invitation.ts';
import { lockPractice } from '../../lib/employees/lock.ts';
import { defineRoute } from '../../routing/route.ts';

export default defineRoute(calls.employeeRevokeInvitation, async (request) => {
  const { companyId, customerId } = request.body;
  const callerId = request.customer.id;
  await request.server.db.transaction(async (tx) => {
    await lockPractice(tx, companyId);
    // Under the lock: a concurrent role change may have landed since the declared check.
    const callerRole = await recheckRole(tx, callerId, companyId, 'admin');
    await endInvitation(tx, {
      companyId,
      customerId,
      actorCustomerId: callerId,
      ending: 'revoked',
      mayEnd: (invitation) => assertMayInviteAs(callerRole, invitation.role),
    });
  });
  return { status: 'done' as const };
});
