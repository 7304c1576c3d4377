import { eq, sql } from 'drizzle-orm';
import { calls, ErrorCode } from '@pp/contract';
import { customers, emailChanges } from '../../db/schema.ts';
import { audit } from '../../lib/audit/audit-log.ts';
import { customerData } from '../../lib/customers/customer-data.ts';
import { isEmailTaken } from '../../lib/customers/email-change.ts';
import { hashLinkSecret } from '../../lib/mail-links/link-secrets.ts';
import { ApiError } from '../../lib/http/problem.ts';
import { defineRoute } from '../../routing/route.ts';

/**
 * Switches the address in the customer and at the identity provider, so that signing in works
 * with the new address and no longer with the old. Another customer's link answers exactly like
 * an unknown one.
 */
export default defineRoute(calls.customerVerifyEmail, async (request) => {
  const { db } = request.server;
  const identity = request.server.requireIdentity();
  const customer = request.customer;
  return db.transaction(async (tx) => {
    const [change] = await tx
      .select({
        id: emailChanges.id,
        customerId: emailChanges.customerId,
        newEmail: emailChanges.newEmail,
        usedAt: emailChanges.usedAt,
        expired: sql<boolean>`${emailChanges.expiresAt} <= now()`,
      })
      .from(emailChanges)
      .where(eq(emailChanges.tokenHash, hashLinkSecret(request.query.verifyHash)))
      .for('update');
    if (!change || change.customerId !== customer.id)
      throw new ApiError(404, ErrorCode.linkInvalid);
    if (change.usedAt) throw new ApiError(409, ErrorCode.linkUsed);
    if (change.expired) throw new ApiError(410, ErrorCode.linkExpired);
    if (await isEmailTaken(tx, identity, change.newEmail, customer.id)) {
      throw new ApiError(409, ErrorCode.emailTaken);
    }
    const [updated] = await tx
      .update(customers)
      .set({ email: change.newEmail, updatedAt: sql`now()` })
      .where(eq(customers.id, customer.id))
      .returning();
    if (!updated) throw new Error('the customer disappeared during the e-mail change');
    await identity.changeEmail(tx, customer.email, change.newEmail);
    await tx
      .update(emailChanges)
      .set({ usedAt: sql`now()` })
      .where(eq(emailChanges.id, change.id));
    await audit(tx, {
      actorCustomerId: customer.id,
      action: 'customer.email_changed',
      entity: 'customer',
      entityId: customer.id,
    });
    return customerData(tx, updated);
  });
});
