import { and, eq } from 'drizzle-orm';
import { calls } from '@pp/contract';
import { companies, memberships } from '../../db/schema.ts';
import { audit } from '../../lib/audit/audit-log.ts';
import { notifyAdmins } from '../../lib/practices/connect-request.ts';
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
      const [practice] = await tx
        .select({ id: companies.id, name: companies.name })
        .from(companies)
        .where(
          and(
            eq(companies.customerNumber, customerNumber),
            eq(companies.postalCode, postalCode),
            eq(companies.status, 'enabled'),
          ),
        );
      const inserted = practice
        ? await tx
            .insert(memberships)
            .values({
              customerId: customer.id,
              companyId: practice.id,
              role: 'member',
              status: 'requested',
            })
            .onConflictDoNothing()
            .returning({ customerId: memberships.customerId })
        : [];
      const joined = practice && inserted.length > 0 ? practice : undefined;
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
