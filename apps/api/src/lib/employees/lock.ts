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

/**
 * Serialises bulk invitations that share new people: each takes its addresses' locks in one
 * order before it makes anybody. Otherwise two practices inviting the same new people in another
 * order each hold the people made in their earlier rows until commit and wait for the other's, a
 * deadlock the server ends by failing one of them. The order is the locks' own (the keys' hashes),
 * so two addresses of one hash are taken in the same order by everybody too.
 */
export async function lockAddresses(tx: Executor, emails: readonly string[]): Promise<void> {
  const keys = [...new Set(emails.map((email) => `address:${email}`))];
  if (keys.length === 0) return;
  await tx.execute(sql`
    select pg_advisory_xact_lock(hashtext(key))
      from (select key from unnest(array[${sql.join(keys, sql`, `)}]::text[]) as keys (key)
             order by hashtext(key), key) as sorted`);
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
