import { and, eq, sql } from 'drizzle-orm';
import { ErrorCode, type MembershipStatus } from '@pp/contract';
import type { Executor } from '../../db/client.ts';
import { memberships } from '../../db/schema.ts';
import { ApiError } from '../http/problem.ts';
import { assertMayChangeStatus } from '../authorization/policy.ts';
import { recheckRole } from '../authorization/recheck.ts';
import { forgetApprovedRequest } from '../practices/sent-requests.ts';
import { lockPractice, membershipOf } from './lock.ts';

export interface StatusChange {
  companyId: string;
  callerId: string;
  targetId: string;
  to: Extract<MembershipStatus, 'enabled' | 'disabled'>;
}

/**
 * Enables or disables a membership under the practice's lock, with the rules of docs/product.md §4:
 * nobody changes themself or the superadmin; only the superadmin changes an admin; enabling also
 * approves a request. Answers the status it came from.
 */
export async function changeStatus(tx: Executor, change: StatusChange): Promise<MembershipStatus> {
  const { companyId, callerId, targetId, to } = change;
  await lockPractice(tx, companyId);
  // Under the lock: a concurrent role change may have landed since the declared check.
  const callerRole = await recheckRole(tx, callerId, companyId, 'admin');
  const target = await membershipOf(tx, targetId, companyId);
  if (!target) throw ApiError.notFound();
  assertMayChangeStatus(
    { customerId: callerId, role: callerRole },
    { customerId: targetId, role: target.role },
  );
  const from = target.status;
  const allowed: MembershipStatus[] =
    to === 'enabled' ? ['disabled', 'requested'] : ['enabled', 'requested'];
  if (from === to) return from;
  if (!allowed.includes(from)) throw new ApiError(409, ErrorCode.conflict);
  await tx
    .update(memberships)
    .set({ status: to, updatedAt: sql`now()` })
    .where(and(eq(memberships.companyId, companyId), eq(memberships.customerId, targetId)));
  // Approved, the practice shows in the person's list: their request has done its work. A
  // declined one stays "sent" for them until it lapses, like a wrong pair's (decision 0052).
  if (to === 'enabled') await forgetApprovedRequest(tx, targetId, companyId);
  return from;
}
