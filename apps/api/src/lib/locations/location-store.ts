import { eq } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { locations } from '../../db/schema.ts';
import type { LocationRow } from './location.ts';

// The locations' data access for the `Location/*` writes; the list and its export read through
// `list.ts` and `export.ts`.

export async function insertLocation(
  tx: Executor,
  location: typeof locations.$inferInsert,
): Promise<LocationRow> {
  const [row] = await tx
    .insert(locations)
    .values({
      ...location,
      phoneNumber: location.phoneNumber ?? null,
      invoiceMail: location.invoiceMail ?? null,
    })
    .returning();
  if (!row) throw new Error('the location was not created');
  return row;
}

/** The location's row as it is now, locked (`for update`) until the transaction ends. */
export async function lockedLocation(
  tx: Executor,
  locationId: string,
): Promise<LocationRow | undefined> {
  const [row] = await tx.select().from(locations).where(eq(locations.id, locationId)).for('update');
  return row;
}

/** Writes the location's changed fields; answers its row as it is now. */
export function updateLocation(
  tx: Executor,
  locationId: string,
  values: PgUpdateSetSource<typeof locations>,
): Promise<LocationRow[]> {
  return tx.update(locations).set(values).where(eq(locations.id, locationId)).returning();
}
