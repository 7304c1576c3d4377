import { calls } from '@pp/contract';
import { ApiError } from '../../lib/http/problem.ts';
import { withdrawSentRequest } from '../../lib/practices/sent-requests.ts';
import { defineRoute } from '../../routing/route.ts';

/** The same answer for a right and a wrong pair's request; another person's id is 404. */
export default defineRoute(calls.companyWithdrawSentRequest, async (request) => {
  const withdrawn = await request.server.db.transaction((tx) =>
    withdrawSentRequest(tx, request.customer.id, request.body.requestId),
  );
  if (!withdrawn) throw ApiError.notFound();
  return { status: 'accepted' as const };
});
