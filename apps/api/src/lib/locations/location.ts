import type { Location } from '@pp/contract';
import type { locations } from '../../db/schema.ts';

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
