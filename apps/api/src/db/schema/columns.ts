import { sql } from 'drizzle-orm';
import { check, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
export const id = () =>
  uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`);

/** ISO 3166-1 alpha-2 country; German postal codes have five digits. */
export const addressChecks = (
  table: string,
  t: { country: AnyPgColumn; postalCode: AnyPgColumn },
) => [
  check(`${table}_country_check`, sql`${t.country} ~ '^[A-Z]{2}$'`),
  check(
    `${table}_postal_code_check`,
    sql`${t.country} <> 'DE' or ${t.postalCode} is null or ${t.postalCode} ~ '^[0-9]{5}$'`,
  ),
];
