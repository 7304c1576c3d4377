import type { MembershipRole } from '@pp/contract';
import type { Db } from '../../db/client.ts';
import { enabledMembership, hasRole } from './memberships.ts';

/**
 * The Rights calls (docs/product.md §3): connected = enabled membership; admin = and admin or
 * superadmin; superadmin = and superadmin. A practice that does not exist is simply `false`.
 */
export async function hasRight(
  db: Db,
  customerId: string,
  practiceId: string,
  atLeast: MembershipRole,
): Promise<boolean> {
  const membership = await enabledMembership(db, customerId, practiceId);
  return membership !== undefined && hasRole(membership.role, atLeast);
}
