import { and, eq, isNull, ne, sql } from 'drizzle-orm';
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

/** A request to move to `newEmail`, confirmed by the link whose secret hashes to `tokenHash`. */
export async function recordEmailChange(
  tx: Executor,
  change: { customerId: string; newEmail: string; tokenHash: string },
): Promise<void> {
  await tx.insert(emailChanges).values({
    ...change,
    expiresAt: sql`now() + make_interval(hours => ${EMAIL_CHANGE_VALID_HOURS})`,
  });
}

/** The request a link names, locked (`for update`) so that it is used once; undefined: none. */
export async function emailChangeByLink(tx: Executor, tokenHash: string) {
  const [change] = await tx
    .select({
      id: emailChanges.id,
      customerId: emailChanges.customerId,
      newEmail: emailChanges.newEmail,
      usedAt: emailChanges.usedAt,
      expired: sql<boolean>`${emailChanges.expiresAt} <= now()`,
    })
    .from(emailChanges)
    .where(eq(emailChanges.tokenHash, tokenHash))
    .for('update');
  return change;
}

export async function markEmailChangeUsed(tx: Executor, id: string): Promise<void> {
  await tx
    .update(emailChanges)
    .set({ usedAt: sql`now()` })
    .where(eq(emailChanges.id, id));
}
