import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { calls, ErrorCode } from '@pp/contract';
import { createAccount, findAccountByEmail } from '@pp/idp/accounts';
import type { Executor } from '../../db/client.ts';
import { companies, customers, identityLinks, memberships } from '../../db/schema.ts';
import { audit } from '../../lib/audit/audit-log.ts';
import { insertCompany } from '../../lib/practices/new-practice.ts';
import { ApiError } from '../../lib/http/problem.ts';
import { defineRoute } from '../../routing/route.ts';

type Body = z.infer<NonNullable<typeof calls.atestCreateUser.body>>;
type Practice = NonNullable<Body['practices']>[number];

/** A membership in a new practice (as its superadmin) or in an existing one. */
async function joinPractice(tx: Executor, customerId: string, practice: Practice): Promise<string> {
  if ('name' in practice) {
    const created = await insertCompany(tx, {
      name: practice.name,
      createdBy: customerId,
      requiresSecondFactor: practice.requiresSecondFactor ?? false,
    });
    await tx
      .insert(memberships)
      .values({ customerId, companyId: created.id, role: 'superadmin', status: 'enabled' });
    return created.id;
  }
  const [existing] = await tx
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, practice.companyId));
  if (!existing) throw ApiError.notFound();
  await tx
    .insert(memberships)
    .values({ customerId, companyId: existing.id, role: practice.role, status: 'enabled' });
  return existing.id;
}

/**
 * Test endpoint (registered only with ENABLE_TEST_ENDPOINTS, never in production): a user for
 * one end-to-end test, written in one transaction as the embedded provider's account with a
 * verified e-mail, its customer, the link between them and the memberships.
 */
export default defineRoute(
  calls.atestCreateUser,
  async (request) => {
    const { email, password, firstName, lastName, practices = [] } = request.body;
    const { db, config } = request.server;
    return db.transaction(async (tx) => {
      const [customerExists] = await tx
        .select({ id: customers.id })
        .from(customers)
        .where(eq(customers.email, email));
      if (customerExists || (await findAccountByEmail(tx, email))) {
        throw new ApiError(409, ErrorCode.conflict);
      }
      const account = await createAccount(tx, { email, password, emailVerified: true });
      const [customer] = await tx
        .insert(customers)
        .values({
          email: account.email,
          firstName: firstName ?? null,
          lastName: lastName ?? null,
        })
        .returning({ id: customers.id });
      if (!customer) throw new Error('customer not created');
      await tx
        .insert(identityLinks)
        .values({ issuer: config.oidc.issuer, subject: account.id, customerId: customer.id });
      const practiceIds: string[] = [];
      for (const practice of practices) {
        practiceIds.push(await joinPractice(tx, customer.id, practice));
      }
      if (practiceIds[0]) {
        await tx
          .update(customers)
          .set({ primaryCompanyId: practiceIds[0] })
          .where(eq(customers.id, customer.id));
      }
      await audit(tx, {
        actorCustomerId: customer.id,
        action: 'test.user_created',
        entity: 'customer',
        entityId: customer.id,
      });
      return { customerId: customer.id, subject: account.id, practiceIds };
    });
  },
  { rateLimit: { max: 300, timeWindow: 60_000 } },
);
