import { calls, ErrorCode } from '@pp/contract';
import { audit } from '../../lib/audit/audit-log.ts';
import { customerData } from '../../lib/customers/customer-data.ts';
import { setCustomerEmail } from '../../lib/customers/customer-store.ts';
import {
  emailChangeByLink,
  isEmailTaken,
  markEmailChangeUsed,
} from '../../lib/customers/email-change.ts';
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
    const change = await emailChangeByLink(tx, hashLinkSecret(request.query.verifyHash));
    if (!change || change.customerId !== customer.id)
      throw new ApiError(404, ErrorCode.linkInvalid);
    if (change.usedAt) throw new ApiError(409, ErrorCode.linkUsed);
    if (change.expired) throw new ApiError(410, ErrorCode.linkExpired);
    if (await isEmailTaken(tx, identity, change.newEmail, customer.id)) {
      throw new ApiError(409, ErrorCode.emailTaken);
    }
    const updated = await setCustomerEmail(tx, customer.id, change.newEmail);
    await identity.changeEmail(tx, customer.email, change.newEmail);
    await markEmailChangeUsed(tx, change.id);
    await audit(tx, {
      actorCustomerId: customer.id,
      action: 'customer.email_changed',
      entity: 'customer',
      entityId: customer.id,
    });
    return customerData(tx, updated);
  });
});
