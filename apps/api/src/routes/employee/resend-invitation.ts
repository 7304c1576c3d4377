import { calls } from '@pp/contract';
import { recheckRole } from '../../lib/authorization/recheck.ts';
import { lockPractice } from '../../lib/employees/lock.ts';
import { displayName } from '../../lib/employees/names.ts';
import { resendInvitation } from '../../lib/employees/resend-invitation.ts';
import { defineRoute } from '../../routing/route.ts';

/** A fresh link and a fresh expiry of 7 days for a pending or expired invitation. */
export default defineRoute(calls.employeeResendInvitation, async (request) => {
  const { db, config } = request.server;
  const { companyId, customerId } = request.body;
  const admin = request.customer;
  await db.transaction(async (tx) => {
    await lockPractice(tx, companyId);
    // Under the lock: a concurrent role change may have landed since the declared check.
    const role = await recheckRole(tx, admin.id, companyId, 'admin');
    await resendInvitation(tx, config, {
      companyId,
      customerId,
      admin: { id: admin.id, role, name: displayName(admin) },
    });
  });
  return { status: 'accepted' as const };
});
