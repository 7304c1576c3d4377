import { eq } from 'drizzle-orm';
import type { Location } from '@pp/contract';
import type { Executor } from '../../db/client.ts';
import { locations } from '../../db/schema.ts';
import { ApiError } from '../http/problem.ts';

export type LocationRow = typeof locations.$inferSelect;

export function toLocation(row: LocationRow): Location {
  return {
    locationId: row.id,
    companyId: row.companyId,
    name: row.name,
    street: row.street,
    postalCode: row.postalCode,
    city: row.city,
    country: row.country,
    phoneNumber: row.phoneNumber,
    invoiceMail: row.invoiceMail,
    status: row.status,
  };
}

export async function locationById(db: Executor, locationId: string): Promise<LocationRow> {
  const [row] = await db.select().from(locations).where(eq(locations.id, locationId));
  if (!row) throw ApiError.notFound();
  return row;
}
