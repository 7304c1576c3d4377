import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { calls } from '@pp/contract';
import { CompanySchema, CustomerSchema } from '@pp/contract';
import { MAX_PRACTICES_PER_ACCOUNT } from '../../src/routes/company/create-company.ts';
import { auditLog, companies, memberships } from '../../src/db/schema.ts';
import type { BodyOf } from '../support/client.ts';
import { useApi } from '../support/context.ts';
import { bearer, expectProblem } from '../support/expect-problem.ts';
import { createCustomer, createPractice, uniqueEmail } from '../support/factories.ts';

const practice = (changes: object = {}) => ({
  name: `Praxis ${Math.random().toString(36).slice(2, 8)}`,
  street: 'Hauptstraße 1',
  postalCode: '50667',
  city: 'Köln',
  ...changes,
});

describe('Company/CreateCompany', () => {
  const api = useApi();
  const db = () => api.db.database.db;

  async function newUser() {
    const email = uniqueEmail('gruender');
    const customer = await createCustomer(db(), { email });
    return { customer, headers: bearer(await api.issuer.tokenFor(email)) };
  }
  const create = (
    headers: Record<string, string>,
    body: BodyOf<typeof calls.companyCreateCompany>,
  ) => api.client.company.createCompany({ headers, body });
  const companiesCreatedBy = async (customerId: string) =>
    (
      await db().select({ n: count() }).from(companies).where(eq(companies.createdBy, customerId))
    )[0]?.n;

  it('creates the practice with a customer number; the creator is its superadmin and it becomes primary', async () => {
    const { customer, headers } = await newUser();
    const response = await create(
      headers,
      practice({ phone: '0221 123456', website: 'https://praxis.example.de' }),
    );
    expect(response.statusCode).toBe(201);
    const created = CompanySchema.parse(response.json());
    expect(created).toMatchObject({ role: 'superadmin', status: 'enabled', country: 'DE' });
    expect(created.customerNumber).toMatch(/^P-\d{10}$/);
    const me = CustomerSchema.parse(
      (await api.client.customer.getCustomerData({ headers })).json(),
    );
    expect(me.companyId).toBe(created.companyId);
    expect(me.associatedCompanies.companyVms).toEqual([
      expect.objectContaining({
        companyId: created.companyId,
        role: 'superadmin',
        membershipStatus: 'enabled',
      }),
    ]);
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, created.companyId));
    expect(entry).toMatchObject({ action: 'company.created', actorCustomerId: customer.id });
  });

  it('keeps the primary practice of someone who has one', async () => {
    const existing = await createPractice(db());
    const email = uniqueEmail('zweite');
    await createCustomer(db(), { email, practices: [{ companyId: existing.id, role: 'admin' }] });
    const headers = bearer(await api.issuer.tokenFor(email));
    expect((await create(headers, practice())).statusCode).toBe(201);
    const me = CustomerSchema.parse(
      (await api.client.customer.getCustomerData({ headers })).json(),
    );
    expect(me.companyId).toBe(existing.id);
  });

  it('mentions a practice with the same name and postal code without revealing it, and creates it once confirmed', async () => {
    const other = await createPractice(db(), { name: 'Praxis am Dom', postalCode: '50667' });
    const { headers } = await newUser();
    const first = await create(headers, practice({ name: 'praxis am dom' }));
    const problem = expectProblem(first, 409, 'possible_duplicate');
    expect(JSON.stringify(problem)).not.toContain(other.id);
    expect(first.body).not.toContain(other.customerNumber);
    const confirmed = await create(
      headers,
      practice({ name: 'Praxis am Dom', confirmDuplicate: true }),
    );
    expect(confirmed.statusCode).toBe(201);
  });

  it(`stops at ${MAX_PRACTICES_PER_ACCOUNT} practices per account, also for requests sent at once`, async () => {
    const { customer, headers } = await newUser();
    const answers = await Promise.all(
      Array.from({ length: MAX_PRACTICES_PER_ACCOUNT + 3 }, () => create(headers, practice())),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(MAX_PRACTICES_PER_ACCOUNT);
    for (const refused of answers.filter((a) => a.statusCode !== 201)) {
      expectProblem(refused, 409, 'limit_reached');
    }
    expect(await companiesCreatedBy(customer.id)).toBe(MAX_PRACTICES_PER_ACCOUNT);
  });

  describe('refuses bad input with 400 field errors and stores nothing', () => {
    it.each([
      [{ postalCode: '1234' }, 'body.postalCode', 'invalid_postal_code'],
      [{ postalCode: 'ABCDE' }, 'body.postalCode', 'invalid_postal_code'],
      [{ country: 'AT', postalCode: '1010', name: 'Wien' }, null, null],
      [{ country: 'germany' }, 'body.country', 'invalid'],
      [{ name: '' }, 'body.name', 'too_short'],
      [{ name: 'Praxis\nDr. X' }, 'body.name', 'invalid_characters'],
      [{ website: 'javascript:alert(1)' }, 'body.website', 'invalid_url'],
      [{ email: 'nicht-gueltig' }, 'body.email', 'invalid_email'],
      [{ phone: '123' }, 'body.phone', 'invalid_phone'],
      [{ customerNumber: 'P-100001' }, 'body.customerNumber', 'unknown_field'],
      [{ status: 'disabled' }, 'body.status', 'unknown_field'],
    ])('%j', async (changes, field, code) => {
      const { customer, headers } = await newUser();
      const response = await create(headers, practice(changes));
      if (field === null) {
        expect(response.statusCode).toBe(201);
        return;
      }
      const problem = expectProblem(response, 400, 'validation_failed');
      expect(problem.errors).toContainEqual(expect.objectContaining({ field, code }));
      expect(await companiesCreatedBy(customer.id)).toBe(0);
      const rows = await db()
        .select()
        .from(memberships)
        .where(eq(memberships.customerId, customer.id));
      expect(rows).toEqual([]);
    });
  });
});
