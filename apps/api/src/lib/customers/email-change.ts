import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { customers, emailChanges } from '../../db/schema.ts';
import type { IdentityAdministration } from '../../identity/administration.ts';

/** A confirmation link of an e-mail change is valid this long (docs/product.md §4). */
export const EMAIL_CHANGE_VALID_HOURS = 24;

/** Whether another customer, or an account of the identity provider, uses the address. */
export async function isEmailTaken(
  tx: Executor,
  identity: IdentityAdministration,
  email: string,
  customerId: string,
): Promise<boolean> {
  const [other] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.email, email), ne(customers.id, customerId)));
  return other !== undefined || (await identity.hasAccount(tx, email));
}

/** A new request replaces the customer's earlier ones: only the newest link works. */
export async function dropPendingChanges(tx: Executor, customerId: string): Promise<void> {
  await tx
    .delete(emailChanges)
    .where(and(eq(emailChanges.customerId, customerId), isNull(emailChanges.usedAt)));
}
