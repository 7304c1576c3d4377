import { isSelectable, type Company } from '../../lib/ui-state/companies.ts';

/** How a practice of the user's list stands, for its note: the first that applies. */
export type MembershipState =
  'practice-disabled' | 'invited' | 'requested' | 'access-disabled' | 'enabled';

export function membershipState(company: Company): MembershipState {
  if (company.status === 'disabled') return 'practice-disabled';
  if (company.membershipStatus === 'enabled') return 'enabled';
  if (company.membershipStatus === 'disabled') return 'access-disabled';
  return company.membershipStatus;
}

/** The note under a practice that is not simply enabled (a translation key). */
export const MEMBERSHIP_NOTES: Record<Exclude<MembershipState, 'enabled'>, string> = {
  'practice-disabled': 'MY_PRACTICE.NOTE_PRACTICE_DISABLED',
  invited: 'MY_PRACTICE.NOTE_INVITED',
  requested: 'MY_PRACTICE.NOTE_REQUESTED',
  'access-disabled': 'MY_PRACTICE.NOTE_ACCESS_DISABLED',
};

/** A short label for the same state, shown as a badge. */
export const MEMBERSHIP_BADGES: Record<Exclude<MembershipState, 'enabled'>, string> = {
  'practice-disabled': 'MY_PRACTICE.BADGE_PRACTICE_DISABLED',
  invited: 'MY_PRACTICE.BADGE_INVITED',
  requested: 'MY_PRACTICE.BADGE_REQUESTED',
  'access-disabled': 'MY_PRACTICE.BADGE_ACCESS_DISABLED',
};

/** Only the superadmin of a disabled practice may enable it again (`Company/EnableCompany`). */
export function mayEnable(company: Company): boolean {
  return (
    company.status === 'disabled' &&
    company.role === 'superadmin' &&
    company.membershipStatus === 'enabled'
  );
}

/** A practice the user works in may become their primary one, when they have more than one. */
export function mayMakePrimary(company: Company, selectableCount: number): boolean {
  return isSelectable(company) && !company.isPrimary && selectableCount > 1;
}

/** Anyone but the superadmin leaves a practice they belong to (`Employee/LeavePractice`). */
export function mayLeave(company: Company): boolean {
  return isSelectable(company) && company.role !== 'superadmin';
}
