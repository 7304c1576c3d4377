import type { Employee, MembershipRole } from '@pp/contract';
import type { EmployeeAction } from './api/employee-actions.ts';

/** Who looks at a person: their own id and role in the practice. */
export interface Viewer {
  customerId: string;
  role: MembershipRole;
}

/**
 * The actions the api allows this viewer on this person (docs/product.md §4), so the screen offers
 * only those: nobody changes themself or the superadmin; only the superadmin changes an admin,
 * changes roles and hands the superadmin role over (to an enabled admin).
 */
export function allowedActions(viewer: Viewer, employee: Employee): EmployeeAction[] {
  if (employee.customerId === viewer.customerId || employee.role === 'superadmin') return [];
  const superadmin = viewer.role === 'superadmin';
  const actions: EmployeeAction[] = [];
  if (employee.status === 'invited') return ['resend', 'revoke'];
  if (employee.role === 'admin' && !superadmin) return [];
  if (employee.status === 'disabled' || employee.status === 'requested') actions.push('enable');
  if (employee.status === 'enabled' || employee.status === 'requested') actions.push('disable');
  if (superadmin && employee.status === 'enabled') {
    actions.push(employee.role === 'admin' ? 'makeMember' : 'makeAdmin');
    if (employee.role === 'admin') actions.push('transferSuperadmin');
  }
  return actions;
}

/** Actions that ask first, naming the person. */
export const CONFIRMED_ACTIONS: readonly EmployeeAction[] = [
  'disable',
  'revoke',
  'transferSuperadmin',
];

/** Whether the viewer may set the person's locations: admins, for enabled people. */
export function mayChangeLocations(employee: Employee): boolean {
  return employee.status === 'enabled';
}
