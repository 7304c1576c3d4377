import { eq } from 'drizzle-orm';
import { ErrorCode, type CompanyStatus, type MembershipRole } from '@pp/contract';
import type { Executor } from '../../db/client.ts';
import { companies } from '../../db/schema.ts';
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

/**
 * The practice a write was authorized for, as it is now, its row held until the transaction ends
 * (`for share`: a concurrent disabling waits for this write, or has committed and is seen here).
 * The preHandler saw the practice enabled, but it may have been disabled since: then the write
 * is refused as the preHandler would have refused it (decision 0053).
 */
export async function recheckPracticeEnabled(tx: Executor, companyId: string): Promise<void> {
  const [row] = await tx
    .select({ status: companies.status })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('share');
  if (!row) throw ApiError.notFound();
  assertPracticeEnabled(row.status);
}

/** A disabled practice takes no writes (docs/product.md §4). */
export function assertPracticeEnabled(status: CompanyStatus): void {
  if (status === 'disabled') throw new ApiError(409, ErrorCode.practiceDisabled);
}
