import { calls } from '@pp/contract';
import { activityLogOf } from '../../lib/activity/activity-log.ts';
import { defineRoute } from '../../routing/route.ts';

/** The practice's activity log (decision 0082): read only; no call changes or deletes entries. */
export default defineRoute(calls.companyGetActivityLog, async (request) => {
  const { companyId, ...query } = request.query;
  return activityLogOf(request.server.db, companyId, query);
});
