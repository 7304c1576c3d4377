import { describe, expect, it } from 'vitest';
import { ErrorCode, type MembershipRole, type MembershipStatus } from '@pp/contract';
import {
  assertMayChangeStatus,
  assertMayHaveLocations,
  assertMayInviteAs,
  assertMayLeave,
  assertMayReceiveSuperadmin,
  assertRoleChangeable,
} from '../../src/lib/authorization/policy.ts';
import { ApiError } from '../../src/lib/http/problem.ts';

/** What a rule answers: nothing (allowed), or the status and code of its refusal. */
function answer(rule: () => void): 'allowed' | { status: number; code: ErrorCode } {
  try {
    rule();
    return 'allowed';
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { status: error.status, code: error.code };
  }
}

const FORBIDDEN = { status: 403, code: ErrorCode.forbidden };
const CONFLICT = { status: 409, code: ErrorCode.conflict };
const person = (customerId: string, role: MembershipRole) => ({ customerId, role });
const state = (role: MembershipRole, status: MembershipStatus) => ({ role, status });

describe('the authorization policy (docs/product.md §4)', () => {
  describe('assertMayChangeStatus', () => {
    it('nobody enables or disables themself', () => {
      const superadmin = person('s', 'superadmin');
      expect(answer(() => assertMayChangeStatus(superadmin, superadmin))).toEqual(FORBIDDEN);
      const admin = person('a', 'admin');
      expect(answer(() => assertMayChangeStatus(admin, admin))).toEqual(FORBIDDEN);
    });

    it('nobody changes the superadmin', () => {
      expect(
        answer(() => assertMayChangeStatus(person('a', 'admin'), person('s', 'superadmin'))),
      ).toEqual(FORBIDDEN);
    });

    it('only the superadmin acts on an admin', () => {
      const target = person('b', 'admin');
      expect(answer(() => assertMayChangeStatus(person('a', 'admin'), target))).toEqual(FORBIDDEN);
      expect(answer(() => assertMayChangeStatus(person('s', 'superadmin'), target))).toBe(
        'allowed',
      );
    });

    it('an admin acts on a member', () => {
      expect(answer(() => assertMayChangeStatus(person('a', 'admin'), person('m', 'member')))).toBe(
        'allowed',
      );
    });
  });

  describe('assertMayInviteAs', () => {
    it('only the superadmin invites an admin (and resends or withdraws such an invitation)', () => {
      expect(answer(() => assertMayInviteAs('admin', 'admin'))).toEqual(FORBIDDEN);
      expect(answer(() => assertMayInviteAs('superadmin', 'admin'))).toBe('allowed');
    });

    it('an admin invites a member', () => {
      expect(answer(() => assertMayInviteAs('admin', 'member'))).toBe('allowed');
      expect(answer(() => assertMayInviteAs('superadmin', 'member'))).toBe('allowed');
    });
  });

  describe('assertMayLeave', () => {
    it('the superadmin hands the role over before leaving', () => {
      expect(answer(() => assertMayLeave('superadmin'))).toEqual(FORBIDDEN);
    });

    it('a member or an admin leaves', () => {
      expect(answer(() => assertMayLeave('member'))).toBe('allowed');
      expect(answer(() => assertMayLeave('admin'))).toBe('allowed');
    });
  });

  describe('assertRoleChangeable', () => {
    it("the superadmin's role moves only by a hand-over", () => {
      expect(answer(() => assertRoleChangeable(state('superadmin', 'enabled')))).toEqual(CONFLICT);
    });

    it('only an enabled employee changes role', () => {
      for (const status of ['invited', 'requested', 'disabled'] as const) {
        expect(answer(() => assertRoleChangeable(state('member', status)))).toEqual(CONFLICT);
      }
      expect(answer(() => assertRoleChangeable(state('member', 'enabled')))).toBe('allowed');
      expect(answer(() => assertRoleChangeable(state('admin', 'enabled')))).toBe('allowed');
    });
  });

  describe('assertMayReceiveSuperadmin', () => {
    it('goes to an enabled admin', () => {
      expect(answer(() => assertMayReceiveSuperadmin('s', 'a', state('admin', 'enabled')))).toBe(
        'allowed',
      );
    });

    it('never to the superadmin themself', () => {
      expect(answer(() => assertMayReceiveSuperadmin('s', 's', state('admin', 'enabled')))).toEqual(
        CONFLICT,
      );
    });

    it('never to a member, nor to an admin who is not enabled', () => {
      expect(
        answer(() => assertMayReceiveSuperadmin('s', 'm', state('member', 'enabled'))),
      ).toEqual(CONFLICT);
      expect(
        answer(() => assertMayReceiveSuperadmin('s', 'a', state('admin', 'disabled'))),
      ).toEqual(CONFLICT);
    });
  });

  describe('assertMayHaveLocations', () => {
    it('not an invitee or a requester yet', () => {
      expect(answer(() => assertMayHaveLocations(state('member', 'invited')))).toEqual(CONFLICT);
      expect(answer(() => assertMayHaveLocations(state('member', 'requested')))).toEqual(CONFLICT);
    });

    it('an enabled or a disabled employee', () => {
      expect(answer(() => assertMayHaveLocations(state('member', 'enabled')))).toBe('allowed');
      expect(answer(() => assertMayHaveLocations(state('admin', 'disabled')))).toBe('allowed');
    });
  });
});
