import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CompanySchema, CustomerSchema } from '@pp/contract';
import { auditLog, companies, customers } from '../../src/db/schema.ts';
import { useApi } from '../support/context.ts';
import { bearer, expectProblem } from '../support/expect-problem.ts';
import { createCustomer, createPractice, uniqueEmail } from '../support/factories.ts';

describe('a disabled practice', () => {
  const api = useApi();
  const db = () => api.db.database.db;

  async function practiceWithStaff() {
    const owner = uniqueEmail('inhaber');
    const admin = uniqueEmail('admin');
    const superadmin = await createCustomer(db(), { email: owner });
    const practice = await createPractice(db(), { superadminId: superadmin.id });
    await createCustomer(db(), {
      email: admin,
      practices: [{ companyId: practice.id, role: 'admin' }],
    });
    return {
      practice,
      owner: bearer(await api.issuer.tokenFor(owner)),
      admin: bearer(await api.issuer.tokenFor(admin)),
    };
  }
  const disable = (headers: Record<string, string>, id: string) =>
    api.client.company.disableCompany({ headers, query: { companyId: id } });
  const enable = (headers: Record<string, string>, id: string) =>
    api.client.company.enableCompany({ headers, query: { companyId: id } });
  const update = (headers: Record<string, string>, id: string, phone: string) =>
    api.client.company.updateCompany({ headers, body: { companyId: id, phone } });

  it('is disabled by its superadmin, keeps its data, stays readable and refuses changes', async () => {
    const { practice, owner, admin } = await practiceWithStaff();
    const disabled = await disable(owner, practice.id);
    expect(disabled.statusCode).toBe(200);
    expect(CompanySchema.parse(disabled.json()).status).toBe('disabled');

    const read = await api.client.company.getCompany({
      headers: admin,
      query: { companyId: practice.id },
    });
    expect(CompanySchema.parse(read.json())).toMatchObject({
      name: practice.name,
      status: 'disabled',
    });
    expectProblem(await update(admin, practice.id, '+49 89 1111111'), 409, 'practice_disabled');
    expectProblem(await update(owner, practice.id, '+49 89 1111111'), 409, 'practice_disabled');
    expectProblem(await disable(owner, practice.id), 409, 'practice_disabled');
    const [row] = await db().select().from(companies).where(eq(companies.id, practice.id));
    expect(row?.phone).toBeNull();

    // The superadmin sees it among their practices, read-only, and can enable it again.
    const me = CustomerSchema.parse(
      (await api.client.customer.getCustomerData({ headers: owner })).json(),
    );
    expect(me.associatedCompanies.companyVms).toContainEqual(
      expect.objectContaining({ companyId: practice.id, status: 'disabled' }),
    );
    expectProblem(await enable(admin, practice.id), 403, 'forbidden');
    const enabled = await enable(owner, practice.id);
    expect(CompanySchema.parse(enabled.json()).status).toBe('enabled');
    expect((await update(admin, practice.id, '+49 89 1111111')).statusCode).toBe(200);

    const actions = await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, practice.id));
    expect(actions.map((a) => a.action)).toEqual([
      'company.disabled',
      'company.enabled',
      'company.updated',
    ]);
  });

  it('is made the primary practice of nobody, by the person or by an admin', async () => {
    const { practice, owner, admin } = await practiceWithStaff();
    const memberEmail = uniqueEmail('mitglied');
    const member = await createCustomer(db(), {
      email: memberEmail,
      practices: [{ companyId: practice.id }],
      primaryCompanyId: null,
    });
    const own = bearer(await api.issuer.tokenFor(memberEmail));
    expect((await disable(owner, practice.id)).statusCode).toBe(200);
    const primaryOf = async () =>
      (await db().select().from(customers).where(eq(customers.id, member.id)))[0]?.primaryCompanyId;

    for (const headers of [own, admin]) {
      const answer = await api.client.employee.changePrimaryCompany({
        headers,
        body: { customerId: member.id, companyId: practice.id },
      });
      expectProblem(answer, 409, 'practice_disabled');
    }
    expect(await primaryOf()).toBeNull();
    const audited = await db().select().from(auditLog).where(eq(auditLog.entityId, member.id));
    expect(audited.map((entry) => entry.action)).not.toContain('customer.primary_practice_changed');
  });

  it('is disabled only by its superadmin, not by an admin', async () => {
    const { practice, admin } = await practiceWithStaff();
    expectProblem(await disable(admin, practice.id), 403, 'forbidden');
    const [row] = await db().select().from(companies).where(eq(companies.id, practice.id));
    expect(row?.status).toBe('enabled');
  });
});
