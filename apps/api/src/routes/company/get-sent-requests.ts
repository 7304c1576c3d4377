import { calls } from '@pp/contract';
import { sentRequestsOf } from '../../lib/practices/sent-requests.ts';
import { defineRoute } from '../../routing/route.ts';

export default defineRoute(calls.companyGetSentRequests, async (request) =>
  sentRequestsOf(request.server.db, request.customer.id),
);
