import { calls, type BulkAction, type BulkRowResult, type MembershipRole } from '@pp/contract';
import type { Config } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import { assertMayInviteAs } from '../../lib/authorization/policy.ts';
import { attemptRow, refusedRow, runBulk } from '../../lib/employees/bulk.ts';
import { endInvitation } from '../../lib/employees/end-invitation.ts';
import { membershipOf } from '../../lib/employees/lock.ts';
import { displayName } from '../../lib/employees/names.ts';
import { resendInvitation } from '../../lib/employees/resend-invitation.ts';
import { applyStatus } from '../../lib/employees/set-status.ts';
import { defineRoute } from '../../routing/route.ts';

interface Caller {
  id: string;
  role: MembershipRole;
  name: string;
}

/** One person's part of each action: the single call's own function, with its rules. */
function actOn(action: BulkAction, config: Config, companyId: string, caller: Caller) {
  return (customerId: string) => async (tx: Executor) => {
    switch (action) {
      case 'resendInvitation':
        return resendInvitation(tx, config, { companyId, customerId, admin: caller });
      case 'revokeInvitation':
        return endInvitation(tx, {
          companyId,
          customerId,
          actorCustomerId: caller.id,
          ending: 'revoked',
          mayEnd: (invitation) => assertMayInviteAs(caller.role, invitation.role),
        });
      case 'disable':
      case 'enable':
        return applyStatus(tx, {
          companyId,
          callerId: caller.id,
          targetId: customerId,
          to: action === 'disable' ? 'disabled' : 'enabled',
        });
    }
  };
}

/**
 * Resends or revokes invitations, or disables or enables people, up to 200 at once, each with
 * the rules of the single call (nobody acts on themself or the superadmin), answered per person
 * (decision 0084).
 */
export default defineRoute(calls.employeeApplyBulkAction, async (request) => {
  const { db, config } = request.server;
  const { companyId, action, customerIds, idempotencyKey } = request.body;
  const caller = request.customer;
  const bulk = {
    call: calls.employeeApplyBulkAction.path,
    companyId,
    callerId: caller.id,
    body: request.body,
  };
  return runBulk(db, { ...bulk, idempotencyKey, dryRun: false }, async (tx, role) => {
    const act = actOn(action, config, companyId, {
      id: caller.id,
      role,
      name: displayName(caller),
    });
    const seen = new Set<string>();
    const results: BulkRowResult[] = [];
    for (const [index, customerId] of customerIds.entries()) {
      if (seen.has(customerId)) {
        results.push(refusedRow(index, 'duplicate'));
        continue;
      }
      seen.add(customerId);
      if (action === 'resendInvitation' || action === 'revokeInvitation') {
        // A member of the practice has no invitation to act on: said as such, not "not found".
        const membership = await membershipOf(tx, customerId, companyId);
        if (membership && membership.status !== 'invited') {
          results.push(refusedRow(index, 'not_invited'));
          continue;
        }
      }
      results.push(await attemptRow(tx, index, act(customerId)));
    }
    return results;
  });
});
