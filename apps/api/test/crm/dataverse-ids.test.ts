import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { EmployeesSchema } from '@pp/contract';
import { ROLE_VALUES } from '@pp/dataverse-stand-in';
import { companies, customers } from '../../src/db/schema.ts';
import { useCrm } from '../support/crm.ts';

// Outside probe of issue 44, H3: Dataverse keys are SQL Server `uniqueidentifier`s, made by the
// platform as sequential GUIDs whose "version" and "variant" digits are whatever the sequence
// gives (`…-ee11-be6f-…`), not RFC 4122's. Microsoft Learn, Power Fx "GUID function": a GUID is
// "any string of 32 hexadecimal digits", and Dataverse takes any version. A practice and a person
// with such ids are taken, and the practice's staff list answers.

/** Ids as a Dataverse environment of 2023/24 makes them (sequential: `ee11`/`ef11`, `000d3a…`). */
const ACCOUNT = 'e0d3f5c8-2c4c-ee11-be6f-000d3a5b8e1a';
const CONTACT = '5b7e1a2c-3d4f-ef11-8409-000d3a3b5c7d';
const MEMBERSHIP = '7c1d2e3f-4a5b-ef11-8409-000d3a3b5c7e';

describe('ids as Dataverse makes them', () => {
  const crm = useCrm({ pageSize: 5 });
  beforeAll(async () => {
    await crm.connector.connect();
    expect((await crm.connector.syncNow()).failed).toEqual([]);
  });
  const db = () => crm.db.database.db;

  it('takes a practice and a person whose ids are not RFC 4122 UUIDs, and lists the person', async () => {
    crm.standIn.edit('accounts', ACCOUNT, {
      name: 'Praxis Graz',
      address1_city: 'Graz',
      address1_country: 'Österreich',
      address1_postalcode: '8010',
    });
    crm.standIn.edit('contacts', CONTACT, {
      firstname: 'Greta',
      lastname: 'Graz',
      emailaddress1: 'greta.graz@example.com',
    });
    crm.standIn.edit('pp_memberships', MEMBERSHIP, {
      _pp_contactid_value: CONTACT,
      _pp_accountid_value: ACCOUNT,
      pp_role: ROLE_VALUES.superadmin,
    });
    const outcome = await crm.connector.syncNow();
    expect(outcome.reported).toBe(0);
    const [practice] = await db().select().from(companies).where(eq(companies.id, ACCOUNT));
    expect(practice?.name).toBe('Praxis Graz');
    const [person] = await db().select().from(customers).where(eq(customers.id, CONTACT));
    expect(person?.email).toBe('greta.graz@example.com');
    const answer = await crm.client.employee.getEmployees({
      token: await crm.issuer.tokenFor('greta.graz@example.com'),
      query: { companyId: ACCOUNT, pageSize: 100 },
    });
    expect(answer.statusCode).toBe(200);
    const list = EmployeesSchema.parse(answer.json());
    expect(list.employees.map((e) => e.customerId)).toEqual([CONTACT]);
  });
});
