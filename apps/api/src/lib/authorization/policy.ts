import { ErrorCode, type MembershipRole } from '@pp/contract';
import type { MembershipState } from '../employees/lock.ts';
import { ApiError } from '../http/problem.ts';

/**
 * The rules of docs/product.md §4 that depend on the person a call acts on, in one place. The
 * contract's declaration has checked the caller's role before the handler; these say what that
 * role may do to this person. A refusal of the caller's right is 403, a person in the wrong
 * state for the change 409. The handlers call them under the practice's lock, with the roles
 * as they are now (`recheck.ts`).
 */

export interface Person {
  customerId: string;
  role: MembershipRole;
}

const onlySuperadmin = (callerRole: MembershipRole) => {
  if (callerRole !== 'superadmin') throw ApiError.forbidden();
};

/** Enabling or disabling: nobody themself or the superadmin; only the superadmin an admin. */
export function assertMayChangeStatus(caller: Person, target: Person): void {
  if (target.customerId === caller.customerId || target.role === 'superadmin') {
    throw ApiError.forbidden();
  }
  if (target.role === 'admin') onlySuperadmin(caller.role);
}

/**
 * Only the superadmin invites an admin; resending or withdrawing an admin's invitation is the
 * same right as making it.
 */
export function assertMayInviteAs(callerRole: MembershipRole, invitedRole: MembershipRole): void {
  if (invitedRole === 'admin') onlySuperadmin(callerRole);
}

/** The superadmin hands the role over before leaving; everybody else may leave. */
export function assertMayLeave(callerRole: MembershipRole): void {
  if (callerRole === 'superadmin') throw ApiError.forbidden();
}

/** Member ↔ admin only for an enabled employee; the superadmin's role moves by a hand-over. */
export function assertRoleChangeable(target: MembershipState): void {
  if (target.role === 'superadmin' || target.status !== 'enabled') {
    throw new ApiError(409, ErrorCode.conflict);
  }
}

/** The superadmin role goes to an enabled admin other than the superadmin themself. */
export function assertMayReceiveSuperadmin(
  callerId: string,
  targetId: string,
  target: MembershipState,
): void {
  if (targetId === callerId || target.role !== 'admin' || target.status !== 'enabled') {
    throw new ApiError(409, ErrorCode.conflict);
  }
}

/** Locations belong to someone in the practice: not to an invitee or a requester yet. */
export function assertMayHaveLocations(target: MembershipState): void {
  if (target.status === 'invited' || target.status === 'requested') {
    throw new ApiError(409, ErrorCode.conflict);
  }
}
