import { and, eq, inArray } from 'drizzle-orm';
import { FieldErrorCode, type TypedFieldError } from '@pp/contract';
import type { Executor } from '../../db/client.ts';
import { locations } from '../../db/schema.ts';

/** `unknown_choice` for every id that is not a location of the practice. */
export async function foreignLocations(
  db: Executor,
  companyId: string,
  locationIds: readonly string[],
): Promise<TypedFieldError[]> {
  if (locationIds.length === 0) return [];
  const known = await db
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.companyId, companyId), inArray(locations.id, [...locationIds])));
  const ids = new Set(known.map((row) => row.id));
  return locationIds.flatMap((id, index) =>
    ids.has(id) ? [] : [{ field: `body.locationIds.${index}`, code: FieldErrorCode.unknownChoice }],
  );
}
