import { and, eq, sql } from 'drizzle-orm';
import { calls } from '@pp/contract';
import { invitations, memberships } from '../../db/schema.ts';
import { audit } from '../../lib/audit/audit-log.ts';
import { openInvitation } from '../../lib/employees/invitation.ts';
import { lockPractice } from '../../lib/employees/lock.ts';
import { ApiError } from '../../lib/http/problem.ts';
import { defineRoute } from '../../routing/route.ts';

/** Declining leaves no membership; the audit log keeps the invitation and the decline. */
export default defineRoute(calls.employeeDeclineInvitation, async (request) => {
  const { companyId } = request.body;
  const customerId = request.customer.id;
  await request.server.db.transaction(async (tx) => {
    await lockPractice(tx, companyId);
    const invitation = await openInvitation(tx, companyId, customerId);
    if (!invitation) throw ApiError.notFound();
    await tx
      .update(invitations)
      .set({ declinedAt: sql`now()` })
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
    await audit(tx, {
      actorCustomerId: customerId,
      action: 'employee.invitation_declined',
      entity: 'membership',
      entityId: customerId,
      companyId,
    });
  });
  return { status: 'done' as const };
});
