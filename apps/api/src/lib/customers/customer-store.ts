import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { crmNotices, customers, identityLinks } from '../../db/schema.ts';
import { auditOf } from '../audit/audit-log.ts';
import type { CustomerRow } from './linked-customer.ts';

// The customers' data access (the `Customer/*` calls): the person's own row, the identities
// linked to it and the notices of the CRM's changes kept over theirs (decision 0061). The
// e-mail change requests are `email-change.ts`'s, the practices shown `customer-data.ts`'s.

/** What the person may change of their own row. */
export type CustomerChanges = Partial<Omit<CustomerRow, 'id' | 'createdAt' | 'updatedAt'>>;

/**
 * Writes the person's own changes and their audit entry (naming the fields) in one statement,
 * so they need no transaction around them (issue 28). Undefined when the row has gone.
 */
export async function updateOwnFields(
  db: Executor,
  customerId: string,
  changes: CustomerChanges,
): Promise<CustomerRow | undefined> {
  const updated = db.$with('updated').as(
    db
      .update(customers)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(customers.id, customerId))
      .returning(),
  );
  const entry = auditOf(db, updated, {
    actorCustomerId: customerId,
    action: 'customer.updated',
    entity: 'customer',
    entityId: customerId,
    data: { fields: Object.keys(changes) },
  });
  const [row] = await db.with(updated, entry).select().from(updated);
  return row;
}

/** Switches the person's address in the portal (the provider's is the caller's to change). */
export async function setCustomerEmail(
  tx: Executor,
  customerId: string,
  email: string,
): Promise<CustomerRow> {
  const [updated] = await tx
    .update(customers)
    .set({ email, updatedAt: sql`now()` })
    .where(eq(customers.id, customerId))
    .returning();
  if (!updated) throw new Error('the customer disappeared during the e-mail change');
  return updated;
}

/** The practice the person works in first; null: none. */
export async function setPrimaryPractice(
  tx: Executor,
  customerId: string,
  companyId: string | null,
): Promise<void> {
  await tx
    .update(customers)
    .set({ primaryCompanyId: companyId, updatedAt: sql`now()` })
    .where(eq(customers.id, customerId));
}

/** The identities (issuer and subject) linked to the customer. */
export function identitiesOf(
  tx: Executor,
  customerId: string,
): Promise<{ issuer: string; subject: string }[]> {
  return tx
    .select({ issuer: identityLinks.issuer, subject: identityLinks.subject })
    .from(identityLinks)
    .where(eq(identityLinks.customerId, customerId));
}

/** The person's notices not yet dismissed, newest first, at most `limit`. */
export function unseenNotices(
  db: Executor,
  customerId: string,
  limit: number,
): Promise<{ id: number; fields: string[]; createdAt: Date }[]> {
  return db
    .select({ id: crmNotices.id, fields: crmNotices.fields, createdAt: crmNotices.createdAt })
    .from(crmNotices)
    .where(and(eq(crmNotices.customerId, customerId), isNull(crmNotices.seenAt)))
    .orderBy(desc(crmNotices.createdAt), desc(crmNotices.id))
    .limit(limit);
}

/** Marks all the person's unseen notices as seen; answers how many. */
export async function dismissNotices(db: Executor, customerId: string): Promise<number> {
  const dismissed = await db
    .update(crmNotices)
    .set({ seenAt: sql`now()` })
    .where(and(eq(crmNotices.customerId, customerId), isNull(crmNotices.seenAt)))
    .returning({ id: crmNotices.id });
  return dismissed.length;
}
