import { eq } from 'drizzle-orm';
import { calls, FieldErrorCode } from '@pp/contract';
import { locations } from '../../db/schema.ts';
import { ADDRESS_FIELDS, updateAddress } from '../../lib/addresses/address-changes.ts';
import { ApiError } from '../../lib/http/problem.ts';
import { locationById, toLocation } from '../../lib/locations/location.ts';
import { defineRoute } from '../../routing/route.ts';

const FIELDS = [...ADDRESS_FIELDS, 'phoneNumber', 'invoiceMail', 'status'] as const;

export default defineRoute(calls.locationUpdateLocation, async (request) => {
  const { db } = request.server;
  const stored = await locationById(db, request.body.locationId);
  // A location never moves to another practice (docs/product.md §4).
  if (request.body.companyId !== undefined && request.body.companyId !== stored.companyId) {
    throw ApiError.badRequest([{ field: 'body.companyId', code: FieldErrorCode.notChangeable }]);
  }
  const row = await updateAddress(db, {
    lock: async (tx) =>
      (await tx.select().from(locations).where(eq(locations.id, stored.id)).for('update'))[0],
    body: request.body,
    fields: FIELDS,
    actorCustomerId: request.customer.id,
    entity: 'location',
    write: (tx, values) =>
      tx.update(locations).set(values).where(eq(locations.id, stored.id)).returning(),
    audited: (changed) => ({ entityId: changed.id, companyId: changed.companyId }),
  });
  return toLocation(row);
});
