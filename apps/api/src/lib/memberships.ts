import { and, eq } from 'drizzle-orm';
import type { MembershipRole } from '@pp/contract';
import type { Executor } from '../db/client.ts';
import { companies, memberships } from '../db/schema.ts';
import { ApiError } from './problem.ts';

const RANK: Record<MembershipRole, number> = { member: 0, admin: 1, superadmin: 2 };

/** The caller's enabled membership of a practice, or undefined. */
export async function enabledMembership(db: Executor, customerId: string, companyId: string) {
  const [row] = await db
    .select({ role: memberships.role, companyStatus: companies.status })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(
      and(
        eq(memberships.customerId, customerId),
        eq(memberships.companyId, companyId),
        eq(memberships.status, 'enabled'),
      ),
    );
  return row as { role: MembershipRole; companyStatus: 'enabled' | 'disabled' } | undefined;
}

export function hasRole(role: MembershipRole, atLeast: MembershipRole): boolean {
  return RANK[role] >= RANK[atLeast];
}

/**
 * Guards anything inside a practice: a practice the caller is not connected to answers
 * exactly like one that does not exist (404); a role too small answers 403.
 */
export async function requireRole(
  db: Executor,
  customerId: string,
  companyId: string,
  atLeast: MembershipRole,
): Promise<{ role: MembershipRole; companyStatus: 'enabled' | 'disabled' }> {
  const membership = await enabledMembership(db, customerId, companyId);
  if (!membership) throw ApiError.notFound();
  if (!hasRole(membership.role, atLeast)) throw ApiError.forbidden();
  return membership;
}
