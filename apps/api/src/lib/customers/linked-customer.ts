import type { Db } from '../../db/client.ts';
import type { customers } from '../../db/schema.ts';
import { hotQueries } from '../database/hot-queries.ts';

export type CustomerRow = typeof customers.$inferSelect;

/** The customer linked to an identity (issuer + subject), if any: a plain lookup. */
export async function findLinkedCustomer(
  db: Db,
  issuer: string,
  subject: string,
): Promise<CustomerRow | undefined> {
  const [row] = await hotQueries(db).linkedCustomer.execute({ issuer, subject });
  return row?.customer;
}
