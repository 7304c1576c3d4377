import { calls } from '@pp/contract';
import { languageOf } from '../../lib/http/language.ts';
import { exportLocations } from '../../lib/locations/export.ts';
import { defineRoute } from '../../routing/route.ts';

/** The list as filtered on screen, without paging, as a CSV file (decision 0083). */
export default defineRoute(calls.locationExportLocations, async (request) => {
  const { parentId, contactId, ...options } = request.query;
  return exportLocations(request.server.db, {
    actorCustomerId: request.customer.id,
    contactId,
    filter: { companyId: parentId, ...options },
    language: languageOf(request),
  });
});
