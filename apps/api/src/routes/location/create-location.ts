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
      // The address, so that the log says which location was added (issue 43).
      data: {
        name: row.name,
        street: row.street,
        postalCode: row.postalCode,
        city: row.city,
        country: row.country,
        phoneNumber: row.phoneNumber,
      },
    });
    return toLocation(row);
  });
});
