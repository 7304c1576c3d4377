import type { FastifyInstance } from 'fastify';
import { calls, type MembershipRole } from '@pp/contract';
import { currentCustomer } from '../lib/current-customer.ts';
import { enabledMembership, hasRole } from '../lib/memberships.ts';
import { registerCall } from './register-call.ts';

const checks: [typeof calls.rightsIsUserConnectedToPractice, MembershipRole][] = [
  [calls.rightsIsUserConnectedToPractice, 'member'],
  [calls.rightsIsUserAdminOfPractice, 'admin'],
  [calls.rightsIsUserSuperAdminOfPractice, 'superadmin'],
];

/** connected = enabled membership; admin = and admin or superadmin; superadmin = and superadmin. */
export default async function rights(app: FastifyInstance) {
  for (const [call, atLeast] of checks) {
    registerCall(app, call, async (request) => {
      const customer = await currentCustomer(request);
      const membership = await enabledMembership(app.db, customer.id, request.query.practiceId);
      return membership !== undefined && hasRole(membership.role, atLeast);
    });
  }
}
