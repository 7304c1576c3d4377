import { calls } from '@pp/contract';
import { hasRight } from '../../lib/authorization/rights.ts';
import { defineRoute } from '../../routing/route.ts';

export default defineRoute(calls.rightsIsUserConnectedToPractice, async (request) =>
  hasRight(request.server.db, request.customer.id, request.query.practiceId, 'member'),
);
