import { and, eq, sql } from 'drizzle-orm';
import type { MembershipRole, MembershipStatus } from '@pp/contract';
import type { Executor } from '../../db/client.ts';
import { memberships } from '../../db/schema.ts';

/**
 * Serialises every change of a practice's memberships: two admins acting on the same people at
 * once take turns, and each re-reads the state the other left (docs/product.md §4).
 */
export async function lockPractice(tx: Executor, companyId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`practice:${companyId}`}))`);
}

export interface MembershipState {
  role: MembershipRole;
  status: MembershipStatus;
}

/** A membership in any status, or undefined. */
export async function membershipOf(
  tx: Executor,
  customerId: string,
  companyId: string,
): Promise<MembershipState | undefined> {
  const [row] = await tx
    .select({ role: memberships.role, status: memberships.status })
    .from(memberships)
    .where(and(eq(memberships.customerId, customerId), eq(memberships.companyId, companyId)));
  return row;
}
