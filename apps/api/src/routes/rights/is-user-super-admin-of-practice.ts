import { calls } from '@pp/contract';
import { hasRight } from '../../lib/rights.ts';
import { defineRoute } from '../../routing/route.ts';

export default defineRoute(calls.rightsIsUserSuperAdminOfPractice, async (request) =>
  hasRight(request.server, request.customer.id, request.query.practiceId, 'superadmin'),
);
