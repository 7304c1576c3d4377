import { randomUUID } from 'node:crypto';
import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { auditLog, crmOutbox, customers, mailOutbox } from '../../db/schema.ts';

/** Keys of an audit entry's `data` that could name or reach a person: dropped (decision 0078). */
const PERSONAL_KEYS = [
  'email',
  'newEmail',
  'oldEmail',
  'firstName',
  'lastName',
  'name',
  'phone',
  'street',
  'address',
  'dateOfBirth',
  'issuer',
  'subject',
  'reason',
];

/**
 * The audit entries by or about the person stay the practice's record, under a pseudonym of its
 * own (one per deletion, so a practice still sees that one person did these things) instead of
 * the customer's id, and without personal data in `data`. Returns the pseudonym.
 */
export async function pseudonymiseAudit(tx: Executor, customerId: string): Promise<string> {
  const pseudonym = randomUUID();
  const personal = sql`${sql.raw(`array[${PERSONAL_KEYS.map((k) => `'${k}'`).join(', ')}]`)}::text[]`;
  await tx
    .update(auditLog)
    .set({
      actorCustomerId: sql`case when ${auditLog.actorCustomerId} = ${customerId} then ${pseudonym}::uuid else ${auditLog.actorCustomerId} end`,
      entityId: sql`case when ${auditLog.entityId} = ${customerId} then ${pseudonym} else ${auditLog.entityId} end`,
      data: sql`${auditLog.data} - ${personal}`,
    })
    .where(or(eq(auditLog.actorCustomerId, customerId), eq(auditLog.entityId, customerId)));
  return pseudonym;
}

/**
 * Removes the person's row and with it (the tables' cascades) their memberships, invitations to
 * them, identity links, e-mail changes, newsletter preferences and consent records, requests to
 * join and CRM notices. The CRM's triggers write the removal of the contact and its memberships
 * to the CRM outbox; the values those entries carry are cleared, the removal itself needs none.
 */
export async function removeCustomer(tx: Executor, customerId: string): Promise<void> {
  await tx.delete(customers).where(eq(customers.id, customerId));
  await tx
    .update(crmOutbox)
    .set({ changes: {} })
    .where(sql`${crmOutbox.portalKey} like ${`%${customerId}%`}`);
}

/**
 * Mails to the person's address leave the outbox (their bodies carry names and links), except
 * the one just written to confirm the deletion and any a worker is sending right now.
 */
export async function removeMailsTo(tx: Executor, email: string, keep: string): Promise<void> {
  await tx
    .delete(mailOutbox)
    .where(
      and(
        eq(mailOutbox.recipient, email),
        ne(mailOutbox.id, keep),
        ne(mailOutbox.status, 'sending'),
      ),
    );
}
