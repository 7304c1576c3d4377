import { calls } from '@pp/contract';
import { audit } from '../../lib/audit/audit-log.ts';
import { notifyAdmins } from '../../lib/practices/connect-request.ts';
import { enabledPracticeByPair, requestMembership } from '../../lib/practices/practice-store.ts';
import { recordSentRequest } from '../../lib/practices/sent-requests.ts';
import { defineRoute } from '../../routing/route.ts';

/**
 * Asks to join: a right pair of customer number and postal code (of an enabled practice the
 * caller is not in) makes a `requested` membership and tells the admins; a wrong pair answers
 * exactly the same (docs/product.md §4), so the call cannot be used to find practices. Both are
 * recorded as typed, and the caller sees only that record until an admin approves (0052).
 * Besides the limit per client address, an account may ask 10 times an hour from anywhere.
 */
export default defineRoute(
  calls.companyConnectExistingCompany,
  async (request) => {
    const { db, config } = request.server;
    const customer = request.customer;
    const { customerNumber, postalCode } = request.body;
    await db.transaction(async (tx) => {
      const practice = await enabledPracticeByPair(tx, { customerNumber, postalCode });
      const requested = practice ? await requestMembership(tx, customer.id, practice.id) : false;
      const joined = practice && requested ? practice : undefined;
      await recordSentRequest(tx, customer.id, { customerNumber, postalCode }, joined?.id ?? null);
      if (!joined) return;
      await audit(tx, {
        actorCustomerId: customer.id,
        action: 'membership.requested',
        entity: 'membership',
        entityId: customer.id,
        companyId: joined.id,
      });
      await notifyAdmins(tx, config, joined, customer);
    });
    return { status: 'accepted' as const };
  },
  {
    rateLimit: { max: 10, timeWindow: 60 * 60_000 },
    accountLimit: { max: 10, timeWindow: 60 * 60_000 },
  },
);
