import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { calls, CompanySchema, EntitlementSchema } from '@pp/contract';
import { companies, entitlements } from '../../src/db/schema.ts';
import type { BodyOf } from '../support/client.ts';
import { useApi } from '../support/context.ts';
import { demo, demoPracticeIds, type DemoPractice } from '../support/demo.ts';
import { expectProblem } from '../support/expect-problem.ts';

describe('Company/UpdateCompany and CheckEntitlements', () => {
  const api = useApi();
  const db = () => api.db.database.db;
  let practices: Record<DemoPractice, string>;
  beforeAll(async () => {
    practices = await demoPracticeIds(db());
  });
  const update = async (email: string, body: BodyOf<typeof calls.companyUpdateCompany>) =>
    api.client.company.updateCompany({ token: await api.issuer.tokenFor(email), body });
  /** Fields the call does not take, which it must refuse. */
  const updateUnknown = async (email: string, body: object) =>
    api.client.unchecked(calls.companyUpdateCompany, {
      token: await api.issuer.tokenFor(email),
      body,
    });
  const sommer = async () =>
    (await db().select().from(companies).where(eq(companies.id, practices.sommer)))[0];

  it('lets an admin change the practice’s data', async () => {
    const response = await update(demo.ben, {
      companyId: practices.sommer,
      phone: '+49 30 9999999',
      website: null,
    });
    expect(CompanySchema.parse(response.json())).toMatchObject({
      phone: '+49 30 9999999',
      website: null,
      role: 'admin',
    });
    expect(await sommer()).toMatchObject({ phone: '+49 30 9999999', website: null });
  });

  it('checks the postal code against the country the practice will have', async () => {
    const before = await sommer();
    const problem = expectProblem(
      await update(demo.ben, { companyId: practices.sommer, postalCode: '1010' }),
      400,
      'validation_failed',
    );
    expect(problem.errors).toEqual([{ field: 'body.postalCode', code: 'invalid_postal_code' }]);
    expect(await sommer()).toEqual(before);
    const moved = await update(demo.ben, {
      companyId: practices.sommer,
      country: 'AT',
      postalCode: '1010',
    });
    expect(moved.statusCode).toBe(200);
    await update(demo.ben, { companyId: practices.sommer, country: 'DE', postalCode: '10117' });
  });

  it('refuses a member (403) and bad input (400), storing nothing', async () => {
    const before = await sommer();
    expectProblem(
      await update(demo.clara, { companyId: practices.sommer, phone: '+49 30 1' }),
      403,
      'forbidden',
    );
    expectProblem(
      await update(demo.ben, { companyId: practices.sommer, name: '' }),
      400,
      'validation_failed',
    );
    expectProblem(
      await updateUnknown(demo.ben, { companyId: practices.sommer, customerNumber: 'P-1' }),
      400,
      'validation_failed',
    );
    expectProblem(
      await updateUnknown(demo.ben, { companyId: practices.sommer, status: 'disabled' }),
      400,
      'validation_failed',
    );
    expect(await sommer()).toEqual(before);
  });

  it('tells each entitlement’s status on today’s date', async () => {
    await db()
      .insert(entitlements)
      .values([
        {
          companyId: practices.sommer,
          productCode: 'OLD',
          name: 'Alt',
          validFrom: '2020-01-01',
          validUntil: '2021-12-31',
        },
        {
          companyId: practices.sommer,
          productCode: 'NEXT',
          name: 'Neu',
          validFrom: '2099-01-01',
          validUntil: null,
        },
      ]);
    const response = await api.client.company.checkEntitlements({
      token: await api.issuer.tokenFor(demo.clara),
      query: { companyId: practices.sommer },
    });
    const list = EntitlementSchema.array().parse(response.json());
    expect(list.map((e) => [e.productCode, e.status])).toEqual(
      expect.arrayContaining([
        ['OLD', 'expired'],
        ['NEXT', 'upcoming'],
        ['PORTAL_BASIC', 'active'],
      ]),
    );
  });
});
