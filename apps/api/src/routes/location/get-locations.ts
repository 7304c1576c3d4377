import { calls } from '@pp/contract';
import { listLocations } from '../../lib/locations/list.ts';
import { defineRoute } from '../../routing/route.ts';

/** `contactId` is the caller, or anyone for an admin: the declaration's `orSelf`. */
export default defineRoute(calls.locationGetLocations, async (request) => {
  const { parentId, contactId, ...options } = request.query;
  return listLocations(request.server.db, { companyId: parentId, contactId, ...options });
});
