import { calls } from '@pp/contract';
import { audit } from '../../lib/audit/audit-log.ts';
import { enabledMembership } from '../../lib/authorization/memberships.ts';
import { setPrimaryPractice } from '../../lib/customers/customer-store.ts';
import { ApiError } from '../../lib/http/problem.ts';
import { defineRoute } from '../../routing/route.ts';

/**
 * The customer themself, or an admin of the practice for one of its members: the declared
 * access (`orSelf`) has checked the caller's enabled membership and role, and refused a disabled
 * practice. Someone else must be an enabled member of it too; anything else answers like a
 * random id.
 */
export default defineRoute(calls.employeeChangePrimaryCompany, async (request) => {
  const { db } = request.server;
  const { customerId, companyId } = request.body;
  const callerId = request.customer.id;
  if (customerId !== callerId && !(await enabledMembership(db, customerId, companyId))) {
    throw ApiError.notFound();
  }
  await db.transaction(async (tx) => {
    await setPrimaryPractice(tx, customerId, companyId);
    await audit(tx, {
      actorCustomerId: callerId,
      action: 'customer.primary_practice_changed',
      entity: 'customer',
      entityId: customerId,
      companyId,
    });
  });
  return { status: 'done' as const };
});
