import { and, count, eq, sql } from 'drizzle-orm';
import { calls, ErrorCode } from '@pp/contract';
import { companies, customers, memberships } from '../../db/schema.ts';
import { audit } from '../../lib/audit/audit-log.ts';
import { insertCompany } from '../../lib/practices/new-practice.ts';
import { toCompany } from '../../lib/practices/practice.ts';
import { ApiError } from '../../lib/http/problem.ts';
import { defineRoute } from '../../routing/route.ts';

/** Practices one account may create: a practice manager runs a few, nobody needs more. */
export const MAX_PRACTICES_PER_ACCOUNT = 10;

export default defineRoute(calls.companyCreateCompany, async (request) => {
  const customer = request.customer;
  const { confirmDuplicate, ...fields } = request.body;
  return request.server.db.transaction(async (tx) => {
    // One creation at a time per account, so the cap also holds for requests sent at once.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`create-company:${customer.id}`}))`,
    );
    const [created] = await tx
      .select({ n: count() })
      .from(companies)
      .where(eq(companies.createdBy, customer.id));
    if ((created?.n ?? 0) >= MAX_PRACTICES_PER_ACCOUNT) {
      throw new ApiError(409, ErrorCode.limitReached);
    }
    if (!confirmDuplicate) {
      // Mentioned so the person can ask to join instead; which practice it is stays hidden.
      const [duplicate] = await tx
        .select({ id: companies.id })
        .from(companies)
        .where(
          and(
            sql`lower(${companies.name}) = lower(${fields.name})`,
            eq(companies.postalCode, fields.postalCode),
          ),
        )
        .limit(1);
      if (duplicate) throw new ApiError(409, ErrorCode.possibleDuplicate);
    }
    const row = await insertCompany(tx, { ...fields, createdBy: customer.id });
    await tx.insert(memberships).values({
      customerId: customer.id,
      companyId: row.id,
      role: 'superadmin',
      status: 'enabled',
    });
    if (!customer.primaryCompanyId) {
      await tx
        .update(customers)
        .set({ primaryCompanyId: row.id, updatedAt: sql`now()` })
        .where(eq(customers.id, customer.id));
    }
    await audit(tx, {
      actorCustomerId: customer.id,
      action: 'company.created',
      entity: 'company',
      entityId: row.id,
      companyId: row.id,
    });
    return toCompany(row, 'superadmin');
  });
});
