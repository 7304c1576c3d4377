import { calls } from '@pp/contract';
import { hasRole } from '../../lib/authorization/memberships.ts';
import { listLocations } from '../../lib/locations/list.ts';
import { ApiError } from '../../lib/http/problem.ts';
import { defineRoute } from '../../routing/route.ts';

/** `contactId` is the caller, or anyone for an admin (PRODUCT §4). */
export default defineRoute(calls.locationGetLocations, async (request) => {
  const { parentId, contactId, ...options } = request.query;
  if (contactId !== request.customer.id && !hasRole(request.membership.role, 'admin')) {
    throw ApiError.forbidden();
  }
  return listLocations(request.server.db, { companyId: parentId, contactId, ...options });
});
