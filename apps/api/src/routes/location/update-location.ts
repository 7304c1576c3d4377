import { calls, FieldErrorCode } from '@pp/contract';
import { ADDRESS_FIELDS, updateAddress } from '../../lib/addresses/address-changes.ts';
import { recheckPracticeEnabled } from '../../lib/authorization/recheck.ts';
import { ApiError } from '../../lib/http/problem.ts';
import { lockedLocation, updateLocation } from '../../lib/locations/location-store.ts';
import { toLocation } from '../../lib/locations/location.ts';
import { defineRoute } from '../../routing/route.ts';

const FIELDS = [...ADDRESS_FIELDS, 'phoneNumber', 'invoiceMail', 'status'] as const;

export default defineRoute(calls.locationUpdateLocation, async (request) => {
  const { db } = request.server;
  // The location the authorization read: its practice is the one the caller administers.
  const { location } = request;
  // A location never moves to another practice (docs/product.md §4).
  if (request.body.companyId !== undefined && request.body.companyId !== location.companyId) {
    throw ApiError.badRequest([{ field: 'body.companyId', code: FieldErrorCode.notChangeable }]);
  }
  const row = await updateAddress(db, {
    // The practice first (shared), then the location: the order every write of a location takes.
    lock: async (tx) => {
      await recheckPracticeEnabled(tx, location.companyId);
      return lockedLocation(tx, location.id);
    },
    body: request.body,
    fields: FIELDS,
    actorCustomerId: request.customer.id,
    entity: 'location',
    write: (tx, values) => updateLocation(tx, location.id, values),
    audited: (changed) => ({ entityId: changed.id, companyId: changed.companyId }),
  });
  return toLocation(row);
});
