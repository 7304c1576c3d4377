import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { calls, CustomerSchema, type Customer } from '@pp/contract';
import { auditLog, customers } from '../../src/db/schema.ts';
import type { BodyOf } from '../support/client.ts';
import { useApi } from '../support/context.ts';
import { customerIdOf, demo } from '../support/demo.ts';
import { expectProblem } from '../support/expect-problem.ts';

describe('Customer/UpdateCustomerData', () => {
  const api = useApi();

  const token = (email: string) => api.issuer.tokenFor(email);
  const read = async (email: string): Promise<Customer> => {
    const response = await api.client.customer.getCustomerData({ token: await token(email) });
    return CustomerSchema.parse(response.json());
  };
  const update = async (email: string, body: BodyOf<typeof calls.customerUpdateCustomerData>) =>
    api.client.customer.updateCustomerData({ token: await token(email), body });
  const stored = async (email: string) => {
    const id = await customerIdOf(api.db.database.db, email);
    const [row] = await api.db.database.db.select().from(customers).where(eq(customers.id, id));
    return row;
  };
  const auditCount = async (email: string) => {
    const id = await customerIdOf(api.db.database.db, email);
    const [row] = await api.db.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(sql`${auditLog.entityId} = ${id} and ${auditLog.action} = 'customer.updated'`);
    return row?.n ?? 0;
  };

  const everyField = {
    salutation: 'DIVERS',
    title: 'DR_MED_DENT',
    firstName: 'Clara Maria',
    lastName: 'Wolf-Berger',
    phone: '+49 30 1234567',
    position: 'RECEPTION',
    profession: 'DENTAL_ASSISTANT',
    otherIndustry: 'DENTAL_LAB',
    dateOfBirth: '1990-02-28',
    preferredLanguage: 'en',
  } as const;

  it('changes every profile field and answers the customer as GetCustomerData does', async () => {
    const response = await update(demo.clara, everyField);
    expect(response.statusCode).toBe(200);
    expect(CustomerSchema.parse(response.json())).toMatchObject(everyField);
    expect(await read(demo.clara)).toMatchObject(everyField);
  });

  it('accepts the whole object read from GetCustomerData, with edits', async () => {
    const customer = await read(demo.ben);
    const response = await update(demo.ben, { ...customer, phone: '030 98765-43' });
    expect(response.statusCode).toBe(200);
    expect((await read(demo.ben)).phone).toBe('030 98765-43');
  });

  it('stores null for an emptied salutation and title (UNDEFINED in the form)', async () => {
    await update(demo.ben, { salutation: 'HERR', title: 'DR' });
    const response = await update(demo.ben, { salutation: null, title: null });
    expect(response.statusCode).toBe(200);
    expect(await stored(demo.ben)).toMatchObject({ salutation: null, title: null });
  });

  it('writes an audit entry with the changed field names, not their values', async () => {
    const before = await auditCount(demo.anna);
    await update(demo.anna, { phone: '+49 40 555 0101', firstName: 'Anna' });
    expect(await auditCount(demo.anna)).toBe(before + 1);
    const [entry] = await api.db.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'customer.updated'))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    const id = await customerIdOf(api.db.database.db, demo.anna);
    expect(entry).toMatchObject({ actorCustomerId: id, entity: 'customer', entityId: id });
    expect(entry?.data).toEqual({ fields: ['phone'] });
    expect(JSON.stringify(entry)).not.toContain('555');
  });

  it('changes nothing and writes no audit entry when nothing differs', async () => {
    const before = await auditCount(demo.david);
    const customer = await read(demo.david);
    expect((await update(demo.david, customer)).statusCode).toBe(200);
    expect(await auditCount(demo.david)).toBe(before);
  });

  describe('refuses with 400 and stores nothing', () => {
    const refused = async (payload: object, field: string, code: string) => {
      const rowBefore = await stored(demo.anna);
      const auditBefore = await auditCount(demo.anna);
      const answer = await api.client.unchecked(calls.customerUpdateCustomerData, {
        token: await token(demo.anna),
        body: payload,
      });
      const problem = expectProblem(answer, 400, 'validation_failed');
      expect(problem.errors).toContainEqual(expect.objectContaining({ field, code }));
      expect(await stored(demo.anna)).toEqual(rowBefore);
      expect(await auditCount(demo.anna)).toBe(auditBefore);
    };

    it('a changed e-mail address, id, primary practice or membership', async () => {
      const anna = await read(demo.anna);
      const ben = await read(demo.ben);
      await refused({ ...anna, email: 'neu@example.com' }, 'body.email', 'not_changeable');
      await refused({ ...anna, customerId: ben.customerId }, 'body.customerId', 'not_changeable');
      await refused(
        { customerId: randomUUID(), phone: '0301234' },
        'body.customerId',
        'not_changeable',
      );
      const other = anna.associatedCompanies.companyVms.find(
        (vm) => vm.companyId !== anna.companyId,
      );
      await refused({ companyId: other?.companyId }, 'body.companyId', 'not_changeable');
      const promoted = anna.associatedCompanies.companyVms.map((vm) => ({
        ...vm,
        role: 'superadmin' as const,
      }));
      await refused(
        { associatedCompanies: { companyVms: promoted } },
        'body.associatedCompanies',
        'not_changeable',
      );
    });

    it('a code that is not in its picklist', async () => {
      await refused({ salutation: 'KOENIGIN' }, 'body.salutation', 'unknown_choice');
      await refused({ profession: 'ASTRONAUT' }, 'body.profession', 'unknown_choice');
      await refused({ title: 'HERZOG' }, 'body.title', 'invalid');
    });

    it("another picklist's code, named alone among valid choices", async () => {
      const answer = await api.client.unchecked(calls.customerUpdateCustomerData, {
        token: await token(demo.anna),
        // RECEPTION is a position, DENTAL_LAB another industry: neither is a profession.
        body: { ...everyField, profession: 'RECEPTION', otherIndustry: 'DENTAL_LAB' },
      });
      const problem = expectProblem(answer, 400, 'validation_failed');
      expect(problem.errors).toEqual([
        expect.objectContaining({ field: 'body.profession', code: 'unknown_choice' }),
      ]);
    });

    it('malformed values', async () => {
      await refused({ phone: 'call me maybe' }, 'body.phone', 'invalid_phone');
      await refused({ phone: '12' }, 'body.phone', 'invalid_phone');
      await refused({ dateOfBirth: '2999-01-01' }, 'body.dateOfBirth', 'date_in_future');
      await refused({ dateOfBirth: '1899-12-31' }, 'body.dateOfBirth', 'date_too_early');
      await refused({ dateOfBirth: '31.02.1990' }, 'body.dateOfBirth', 'invalid');
      await refused({ firstName: 'Anna\u0000' }, 'body.firstName', 'invalid_characters');
      await refused({ lastName: 'x'.repeat(101) }, 'body.lastName', 'too_long');
      await refused({ firstName: '   ' }, 'body.firstName', 'too_short');
      await refused({ preferredLanguage: 'fr' }, 'body.preferredLanguage', 'invalid');
    });

    it('fields that do not exist', async () => {
      await refused({ role: 'superadmin' }, 'body.role', 'unknown_field');
      await refused({ invitationOnly: true }, 'body.invitationOnly', 'unknown_field');
    });
  });
});
