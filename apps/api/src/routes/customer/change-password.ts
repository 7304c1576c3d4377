import { calls } from '@pp/contract';
import { audit } from '../../lib/audit/audit-log.ts';
import { assertMailQuota } from '../../mail/quota.ts';
import { defineRoute } from '../../routing/route.ts';

/** The provider sends its reset link to the caller's verified address (docs/product.md §4). */
export default defineRoute(calls.customerChangePassword, async (request) => {
  const identity = request.server.requireIdentity();
  const customer = request.customer;
  await request.server.db.transaction(async (tx) => {
    await assertMailQuota(tx, { recipient: customer.email, actorCustomerId: customer.id });
    await identity.sendPasswordReset(tx, customer.email, customer.preferredLanguage);
    await audit(tx, {
      actorCustomerId: customer.id,
      action: 'customer.password_reset_requested',
      entity: 'customer',
      entityId: customer.id,
    });
  });
  return { status: 'accepted' as const };
});
