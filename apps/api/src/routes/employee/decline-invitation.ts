import { calls } from '@pp/contract';
import { endInvitation } from '../../lib/employees/end-invitation.ts';
import { lockPractice } from '../../lib/employees/lock.ts';
import { defineRoute } from '../../routing/route.ts';

/** Declining leaves no membership; the audit log keeps the invitation and the decline. */
export default defineRoute(calls.employeeDeclineInvitation, async (request) => {
  const { companyId } = request.body;
  const customerId = request.customer.id;
  await request.server.db.transaction(async (tx) => {
    await lockPractice(tx, companyId);
    await endInvitation(tx, {
      companyId,
      customerId,
      actorCustomerId: customerId,
      ending: 'declined',
    });
  });
  return { status: 'done' as const };
});
