import { calls } from '@pp/contract';
import { audit } from '../../lib/audit/audit-log.ts';
import { insertLocation } from '../../lib/locations/location-store.ts';
import { toLocation } from '../../lib/locations/location.ts';
import { defineRoute } from '../../routing/route.ts';

export default defineRoute(calls.locationCreateLocation, async (request) => {
  const { companyId, ...fields } = request.body;
  return request.server.db.transaction(async (tx) => {
    const row = await insertLocation(tx, { companyId, ...fields });
    await audit(tx, {
      actorCustomerId: request.customer.id,
      action: 'location.created',
      entity: 'location',
      entityId: row.id,
      companyId,
    });
    return toLocation(row);
  });
});
