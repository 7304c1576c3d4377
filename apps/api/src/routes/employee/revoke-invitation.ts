import { and, eq, sql } from 'drizzle-orm';
import { calls } from '@pp/contract';
import { invitations, memberships } from '../../db/schema.ts';
import { audit } from '../../lib/audit/audit-log.ts';
import { openInvitation, removeIfInvitationOnly } from '../../lib/employees/invitation.ts';
import { currentRole, lockPractice } from '../../lib/employees/lock.ts';
import { ApiError } from '../../lib/http/problem.ts';
import { defineRoute } from '../../routing/route.ts';

export default defineRoute(calls.employeeRevokeInvitation, async (request) => {
  const { companyId, customerId } = request.body;
  await request.server.db.transaction(async (tx) => {
    await lockPractice(tx, companyId);
    const role = await currentRole(tx, request.customer.id, companyId, 'admin');
    const invitation = await openInvitation(tx, companyId, customerId);
    if (!invitation) throw ApiError.notFound();
    if (invitation.role === 'admin' && role !== 'superadmin') throw ApiError.forbidden();
    await tx
      .update(invitations)
      .set({ revokedAt: sql`now()` })
      .where(eq(invitations.id, invitation.id));
    await tx
      .delete(memberships)
      .where(
        and(
          eq(memberships.companyId, companyId),
          eq(memberships.customerId, customerId),
          eq(memberships.status, 'invited'),
        ),
      );
    await removeIfInvitationOnly(tx, customerId);
    await audit(tx, {
      actorCustomerId: request.customer.id,
      action: 'employee.invitation_revoked',
      entity: 'membership',
      entityId: customerId,
      companyId,
    });
  });
  return { status: 'done' as const };
});
