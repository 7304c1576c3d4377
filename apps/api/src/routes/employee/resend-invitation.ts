import { eq, sql } from 'drizzle-orm';
import { calls } from '@pp/contract';
import { customers, invitations } from '../../db/schema.ts';
import { audit } from '../../lib/audit/audit-log.ts';
import { assertMayInviteAs } from '../../lib/authorization/policy.ts';
import { recheckRole } from '../../lib/authorization/recheck.ts';
import { freshInvitation, openInvitation, sendInvitation } from '../../lib/employees/invitation.ts';
import { lockPractice } from '../../lib/employees/lock.ts';
import { displayName } from '../../lib/employees/names.ts';
import { ApiError } from '../../lib/http/problem.ts';
import { defineRoute } from '../../routing/route.ts';

/** A fresh link and a fresh expiry of 7 days for a pending or expired invitation. */
export default defineRoute(calls.employeeResendInvitation, async (request) => {
  const { db, config } = request.server;
  const { companyId, customerId } = request.body;
  const admin = request.customer;
  await db.transaction(async (tx) => {
    await lockPractice(tx, companyId);
    // Under the lock: a concurrent role change may have landed since the declared check.
    const adminRole = await recheckRole(tx, admin.id, companyId, 'admin');
    const invitation = await openInvitation(tx, companyId, customerId);
    if (!invitation) throw ApiError.notFound();
    assertMayInviteAs(adminRole, invitation.role);
    const { link, ...secret } = freshInvitation(config);
    await tx
      .update(invitations)
      .set({ ...secret, createdAt: sql`now()` })
      .where(eq(invitations.id, invitation.id));
    const [invitee] = await tx.select().from(customers).where(eq(customers.id, customerId));
    await sendInvitation(tx, config, {
      to: invitation.email,
      language: invitee?.preferredLanguage ?? 'de',
      companyId,
      inviter: { id: admin.id, name: displayName(admin) },
      link,
    });
    await audit(tx, {
      actorCustomerId: admin.id,
      action: 'employee.invitation_resent',
      entity: 'membership',
      entityId: customerId,
      companyId,
    });
  });
  return { status: 'accepted' as const };
});
