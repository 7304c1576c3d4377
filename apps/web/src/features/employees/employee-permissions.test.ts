import { describe, expect, it } from 'vitest';
import { ANNA_ID, BEN_ID, CLARA_ID } from '../../testing/demo-customers.ts';
import { employee } from '../../testing/fake-employees.ts';
import { allowedActions, type Viewer } from './employee-permissions.ts';

const superadmin: Viewer = { customerId: ANNA_ID, role: 'superadmin' };
const admin: Viewer = { customerId: BEN_ID, role: 'admin' };
const member = (changes = {}) => employee({ customerId: CLARA_ID, ...changes });
const anAdmin = (changes = {}) => employee({ customerId: BEN_ID, role: 'admin', ...changes });

describe('what a viewer is offered (docs/product.md §4, as the api decides it)', () => {
  it('nothing on themself or on the superadmin', () => {
    expect(allowedActions(admin, anAdmin())).toEqual([]);
    expect(allowedActions(admin, employee({ customerId: ANNA_ID, role: 'superadmin' }))).toEqual(
      [],
    );
  });

  it('an admin: enable and disable members, approve or decline requests, nothing on admins', () => {
    expect(allowedActions(admin, member())).toEqual(['disable']);
    expect(allowedActions(admin, member({ status: 'disabled' }))).toEqual(['enable']);
    expect(allowedActions(admin, member({ status: 'requested' }))).toEqual(['enable', 'disable']);
    expect(allowedActions(admin, anAdmin({ customerId: CLARA_ID }))).toEqual([]);
  });

  it('the superadmin: also admins, role changes and the hand-over to an enabled admin', () => {
    expect(allowedActions(superadmin, member())).toEqual(['disable', 'makeAdmin']);
    expect(allowedActions(superadmin, anAdmin())).toEqual([
      'disable',
      'makeMember',
      'transferSuperadmin',
    ]);
    expect(allowedActions(superadmin, anAdmin({ status: 'disabled' }))).toEqual(['enable']);
  });

  it('resend and revoke for a pending invitation, whoever views it', () => {
    expect(allowedActions(admin, member({ status: 'invited' }))).toEqual(['resend', 'revoke']);
    expect(allowedActions(superadmin, anAdmin({ status: 'invited' }))).toEqual([
      'resend',
      'revoke',
    ]);
  });
});
