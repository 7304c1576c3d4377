import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { calls } from '@pp/contract';
import { findAccountByEmail } from '@pp/idp';
import { companies, customers, identityLinks, memberships } from '../../src/db/schema.ts';
import { createTestApp } from '../support/app.ts';
import { createApiClient } from '../support/client.ts';
import { useApi } from '../support/context.ts';
import { demo, demoPracticeIds } from '../support/demo.ts';
import { expectProblem } from '../support/expect-problem.ts';
import { uniqueEmail } from '../support/factories.ts';

const PASSWORD = 'Test-Portal-2026';

describe('ATest/CreateUser with ENABLE_TEST_ENDPOINTS', () => {
  const api = useApi({ embeddedProvider: true, env: { ENABLE_TEST_ENDPOINTS: 'true' } });

  it('writes a verified account, its customer, the link and the memberships together', async () => {
    const { sommer } = await demoPracticeIds(api.db.database.db);
    const email = uniqueEmail('e2e');
    const response = await api.client.atest.createUser({
      body: {
        email,
        password: PASSWORD,
        firstName: 'Erika',
        lastName: 'Muster',
        practices: [{ name: 'Praxis Muster' }, { companyId: sommer, role: 'admin' }],
      },
    });

    expect(response.statusCode).toBe(201);
    const answer = calls.atestCreateUser.response.parse(response.json());
    expect(answer.practiceIds).toHaveLength(2);
    expect(answer.practiceIds[1]).toBe(sommer);

    const db = api.db.database.db;
    const account = await findAccountByEmail(db, email);
    expect(account).toMatchObject({ id: answer.subject, emailVerified: true });
    expect(account?.passwordHash).toMatch(/^\$argon2id\$/);

    const [customer] = await db.select().from(customers).where(eq(customers.id, answer.customerId));
    expect(customer).toMatchObject({
      email,
      firstName: 'Erika',
      lastName: 'Muster',
      primaryCompanyId: answer.practiceIds[0],
    });
    const links = await db
      .select()
      .from(identityLinks)
      .where(eq(identityLinks.customerId, answer.customerId));
    expect(links).toEqual([
      expect.objectContaining({ issuer: api.app.config.oidc.issuer, subject: answer.subject }),
    ]);
    const roles = await db
      .select({
        companyId: memberships.companyId,
        role: memberships.role,
        status: memberships.status,
      })
      .from(memberships)
      .where(and(eq(memberships.customerId, answer.customerId)));
    expect(roles).toEqual(
      expect.arrayContaining([
        { companyId: answer.practiceIds[0], role: 'superadmin', status: 'enabled' },
        { companyId: sommer, role: 'admin', status: 'enabled' },
      ]),
    );
  });

  it('makes a practice that requires a second factor when asked to (decision 0069)', async () => {
    const response = await api.client.atest.createUser({
      body: {
        email: uniqueEmail('e2e'),
        password: PASSWORD,
        practices: [{ name: 'Praxis Zweitfaktor', requiresSecondFactor: true }, { name: 'Praxis' }],
      },
    });
    expect(response.statusCode).toBe(201);
    const { practiceIds } = calls.atestCreateUser.response.parse(response.json());
    const required = async (id: string | undefined) => {
      const [row] = await api.db.database.db
        .select({ requiresSecondFactor: companies.requiresSecondFactor })
        .from(companies)
        .where(eq(companies.id, id ?? ''));
      return row?.requiresSecondFactor;
    };
    expect(await required(practiceIds[0])).toBe(true);
    expect(await required(practiceIds[1])).toBe(false);
  });

  it('refuses an address that is taken, whatever its case, and stores nothing', async () => {
    const response = await api.client.atest.createUser({
      body: { email: demo.anna.toUpperCase(), password: PASSWORD },
    });
    expectProblem(response, 409, 'conflict');
  });

  it('refuses unknown fields and a short password', async () => {
    const response = await api.client.unchecked(calls.atestCreateUser, {
      body: { email: uniqueEmail(), password: 'short', role: 'superadmin' },
    });
    const problem = expectProblem(response, 400, 'validation_failed');
    expect(problem.errors?.map((e) => e.field).sort()).toEqual(['body.password', 'body.role']);
  });

  it('leaves nothing behind when a practice does not exist', async () => {
    const email = uniqueEmail();
    const response = await api.client.atest.createUser({
      body: {
        email,
        password: PASSWORD,
        practices: [{ companyId: '00000000-0000-4000-8000-000000000000' }],
      },
    });
    expectProblem(response, 404, 'not_found');
    expect(await findAccountByEmail(api.db.database.db, email)).toBeUndefined();
  });

  it('does not exist without ENABLE_TEST_ENDPOINTS', async () => {
    const app = await createTestApp({
      database: api.db.database,
      issuer: api.issuer,
      embeddedProvider: true,
    });
    try {
      const response = await createApiClient(app).atest.createUser({
        body: { email: uniqueEmail(), password: PASSWORD },
      });
      expectProblem(response, 404, 'not_found');
    } finally {
      await app.close();
    }
  });
});
