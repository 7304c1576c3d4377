import { eq, sql } from 'drizzle-orm';
import { calls, DEFAULT_COUNTRY, FieldErrorCode, isPostalCode } from '@pp/contract';
import { locations } from '../../db/schema.ts';
import { audit } from '../../lib/audit/audit-log.ts';
import { locationById, toLocation, type LocationRow } from '../../lib/locations/location.ts';
import { ApiError } from '../../lib/http/problem.ts';
import { defineRoute } from '../../routing/route.ts';

const FIELDS = [
  'name',
  'street',
  'postalCode',
  'city',
  'country',
  'phoneNumber',
  'invoiceMail',
  'status',
] as const;

export default defineRoute(calls.locationUpdateLocation, async (request) => {
  const { db } = request.server;
  const stored = await locationById(db, request.body.locationId);
  // A location never moves to another practice (PRODUCT §4).
  if (request.body.companyId !== undefined && request.body.companyId !== stored.companyId) {
    throw ApiError.badRequest([{ field: 'body.companyId', code: FieldErrorCode.notChangeable }]);
  }
  const changes: Partial<Pick<LocationRow, (typeof FIELDS)[number]>> = {};
  for (const field of FIELDS) {
    const value = request.body[field];
    if (value !== undefined && value !== stored[field]) Object.assign(changes, { [field]: value });
  }
  const postalCode = changes.postalCode ?? stored.postalCode;
  const country = changes.country ?? stored.country ?? DEFAULT_COUNTRY;
  if (postalCode !== null && !isPostalCode(postalCode, country)) {
    throw ApiError.badRequest([
      { field: 'body.postalCode', code: FieldErrorCode.invalidPostalCode },
    ]);
  }
  const fields = Object.keys(changes);
  if (fields.length === 0) return toLocation(stored);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(locations)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(locations.id, stored.id))
      .returning();
    if (!row) throw ApiError.notFound();
    await audit(tx, {
      actorCustomerId: request.customer.id,
      action: 'location.updated',
      entity: 'location',
      entityId: row.id,
      companyId: row.companyId,
      data: { fields },
    });
    return toLocation(row);
  });
});
