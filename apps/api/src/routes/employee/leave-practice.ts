import { and, eq, ne, sql } from 'drizzle-orm';
import { calls } from '@pp/contract';
import { companies, customers, memberships } from '../../db/schema.ts';
import { audit } from '../../lib/audit/audit-log.ts';
import { assertMayLeave } from '../../lib/authorization/policy.ts';
import { recheckRole } from '../../lib/authorization/recheck.ts';
import { lockPractice } from '../../lib/employees/lock.ts';
import { defineRoute } from '../../routing/route.ts';

/**
 * Anyone but the superadmin (who hands the role over first) leaves; their locations there go
 * with the membership, and another enabled practice becomes primary if this one was.
 */
export default defineRoute(calls.employeeLeavePractice, async (request) => {
  const { companyId } = request.body;
  const customer = request.customer;
  await request.server.db.transaction(async (tx) => {
    await lockPractice(tx, companyId);
    // Under the lock: a hand-over of the superadmin role may have landed since the declared check.
    assertMayLeave(await recheckRole(tx, customer.id, companyId, 'member'));
    await tx
      .delete(memberships)
      .where(and(eq(memberships.companyId, companyId), eq(memberships.customerId, customer.id)));
    if (customer.primaryCompanyId === companyId) {
      const [next] = await tx
        .select({ id: companies.id })
        .from(memberships)
        .innerJoin(companies, eq(companies.id, memberships.companyId))
        .where(
          and(
            eq(memberships.customerId, customer.id),
            eq(memberships.status, 'enabled'),
            eq(companies.status, 'enabled'),
            ne(companies.id, companyId),
          ),
        )
        .orderBy(companies.name)
        .limit(1);
      await tx
        .update(customers)
        .set({ primaryCompanyId: next?.id ?? null, updatedAt: sql`now()` })
        .where(eq(customers.id, customer.id));
    }
    await audit(tx, {
      actorCustomerId: customer.id,
      action: 'employee.left',
      entity: 'membership',
      entityId: customer.id,
      companyId,
    });
  });
  return { status: 'done' as const };
});
