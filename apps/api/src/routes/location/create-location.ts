import { calls } from '@pp/contract';
import { locations } from '../../db/schema.ts';
import { audit } from '../../lib/audit/audit-log.ts';
import { toLocation } from '../../lib/locations/location.ts';
import { defineRoute } from '../../routing/route.ts';

export default defineRoute(calls.locationCreateLocation, async (request) => {
  const { companyId, ...fields } = request.body;
  return request.server.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(locations)
      .values({
        companyId,
        ...fields,
        phoneNumber: fields.phoneNumber ?? null,
        invoiceMail: fields.invoiceMail ?? null,
      })
      .returning();
    if (!row) throw new Error('the location was not created');
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
