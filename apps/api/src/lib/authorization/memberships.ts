import type { CompanyStatus, MembershipRole } from '@pp/contract';
import type { Db } from '../../db/client.ts';
import { hotQueries } from '../database/hot-queries.ts';

/** The caller's enabled membership of a practice, with the practice's status. */
export interface PracticeMembership {
  companyId: string;
  role: MembershipRole;
  companyStatus: CompanyStatus;
  /** The practice's name, for the mails a request sends about it (an invitation's). */
  companyName: string;
  /** The practice requires a second factor in the caller's token (decision 0069). */
  requiresSecondFactor: boolean;
}

const RANK: Record<MembershipRole, number> = { member: 0, admin: 1, superadmin: 2 };

/** The customer's enabled membership of a practice, or undefined. */
export async function enabledMembership(
  db: Db,
  customerId: string,
  companyId: string,
): Promise<PracticeMembership | undefined> {
  const [row] = await hotQueries(db).enabledMembership.execute({ customerId, companyId });
  return row && { companyId, ...row };
}

export function hasRole(role: MembershipRole, atLeast: MembershipRole): boolean {
  return RANK[role] >= RANK[atLeast];
}
