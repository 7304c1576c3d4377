import { calls } from '@pp/contract';
import { openInvitationsOf } from '../../lib/employees/employee-store.ts';
import { displayName } from '../../lib/employees/names.ts';
import { defineRoute } from '../../routing/route.ts';

export default defineRoute(calls.employeeGetMyInvitations, async (request) => {
  const rows = await openInvitationsOf(request.server.db, request.customer.id);
  return rows.map(({ inviter, invitedAt, expiresAt, ...row }) => ({
    ...row,
    invitedBy: inviter ? displayName(inviter) : null,
    invitedAt: invitedAt.toISOString(),
    expiresAt: expiresAt.toISOString(),
  }));
});
