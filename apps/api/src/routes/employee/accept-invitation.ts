import { calls, ErrorCode } from '@pp/contract';
import { audit } from '../../lib/audit/audit-log.ts';
import { acceptInvitation } from '../../lib/employees/employee-store.ts';
import { openInvitation } from '../../lib/employees/invitation.ts';
import { lockPractice, membershipOf } from '../../lib/employees/lock.ts';
import { ApiError } from '../../lib/http/problem.ts';
import { practiceStatusOf } from '../../lib/practices/practice-store.ts';
import { defineRoute } from '../../routing/route.ts';

/**
 * Nobody joins a practice without accepting (docs/product.md §4); an expired invitation says so.
 */
export default defineRoute(calls.employeeAcceptInvitation, async (request) => {
  const { companyId } = request.body;
  const customer = request.customer;
  await request.server.db.transaction(async (tx) => {
    await lockPractice(tx, companyId);
    const membership = await membershipOf(tx, customer.id, companyId);
    const invitation = await openInvitation(tx, companyId, customer.id);
    if (membership?.status !== 'invited' || !invitation) throw ApiError.notFound();
    if (invitation.expired) throw new ApiError(410, ErrorCode.invitationExpired);
    if ((await practiceStatusOf(tx, companyId)) !== 'enabled') {
      throw new ApiError(409, ErrorCode.practiceDisabled);
    }
    await acceptInvitation(tx, companyId, customer, invitation);
    await audit(tx, {
      actorCustomerId: customer.id,
      action: 'employee.invitation_accepted',
      entity: 'membership',
      entityId: customer.id,
      companyId,
    });
  });
  return { status: 'done' as const };
});
