import type { MembershipRole } from '@pp/contract';
import type { Db } from '../db/client.ts';
import { hasRole, keptMembership } from './memberships.ts';
import type { ReadCache } from './read-cache.ts';

/**
 * The Rights calls (PRODUCT §3): connected = enabled membership; admin = and admin or
 * superadmin; superadmin = and superadmin. A practice that does not exist is simply `false`.
 */
export async function hasRight(
  app: { db: Db; readCache: ReadCache },
  customerId: string,
  practiceId: string,
  atLeast: MembershipRole,
): Promise<boolean> {
  const membership = await keptMembership(app, customerId, practiceId);
  return membership !== undefined && hasRole(membership.role, atLeast);
}
