import type { MembershipRole } from '@pp/contract';
import type { Executor } from '../../db/client.ts';
import { membershipOf } from '../employees/lock.ts';
import { ApiError } from '../http/problem.ts';
import { hasRole } from './memberships.ts';

/**
 * The caller's role as it is now, under the practice's lock. Deliberately a second check: the
 * declared access was checked in the preHandler, before the lock, and a concurrent change of
 * the caller's membership (a hand-over of the superadmin role, being disabled) may have
 * committed between that check and this call's write. Only calls that change memberships and
 * hold the lock use it (decision 0045).
 */
export async function recheckRole(
  tx: Executor,
  callerId: string,
  companyId: string,
  atLeast: MembershipRole,
): Promise<MembershipRole> {
  const caller = await membershipOf(tx, callerId, companyId);
  if (!caller || caller.status !== 'enabled') throw ApiError.notFound();
  if (!hasRole(caller.role, atLeast)) throw ApiError.forbidden();
  return caller.role;
}
