import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { EmployeesSchema } from '@pp/contract';
import { demoAccountId } from '@pp/dataverse-stand-in';
import { crmReports, customers } from '../../src/db/schema.ts';
import { OPERATOR_TOKEN, useSyncedCrm } from '../support/crm.ts';
import { demo, demoPracticeIds } from '../support/demo.ts';

// Outside probe of main, H4: a contact's company (parentcustomerid) only sets the person's
// primary practice when they are a member of it (docs/product.md §1). One naming an account the
// portal does not hold (not in the CRM, refused, or simply not a portal practice) never keeps the
// contact out: it is taken without a primary practice from the CRM.

const guid = (n: number) => `4747${String(n).padStart(4, '0')}-0000-4000-8000-000000000047`;

describe('a contact whose company the portal does not hold', () => {
  const { crm, db, round } = useSyncedCrm({ pageSize: 50, env: { OPERATOR_TOKEN } });
  const person = async (id: string) =>
    (await db().select().from(customers).where(eq(customers.id, id)))[0];
  const reported = async (crmId: string) =>
    db()
      .select({ reason: crmReports.reason })
      .from(crmReports)
      .where(sql`${crmReports.crmId} = ${crmId}::uuid`);
  const listed = async () => {
    const { sommer } = await demoPracticeIds(db());
    return EmployeesSchema.parse(
      (
        await crm.client.employee.getEmployees({
          token: await crm.issuer.tokenFor(demo.anna),
          query: { companyId: sommer, pageSize: 100 },
        })
      ).json(),
    ).employees.map((e) => e.email);
  };

  it('takes and lists a member of a demo practice whose company is an unknown account', async () => {
    const contact = guid(1);
    const unknownAccount = guid(9);
    crm.standIn.edit('contacts', contact, {
      firstname: 'Ulla',
      lastname: 'Unbekannt',
      emailaddress1: 'ulla.unbekannt@example.com',
      _parentcustomerid_value: unknownAccount,
    });
    crm.standIn.edit('pp_memberships', guid(2), {
      _pp_contactid_value: contact,
      _pp_accountid_value: demoAccountId('sommer'),
      pp_role: 100000000,
    });
    expect((await round()).reported).toBe(0);
    const { sommer } = await demoPracticeIds(db());
    expect(await person(contact)).toMatchObject({
      lastName: 'Unbekannt',
      primaryCompanyId: sommer,
    });
    expect(await reported(contact)).toEqual([]);
    expect(await reported(guid(2))).toEqual([]);
    expect(await listed()).toContain('ulla.unbekannt@example.com');
    // Its later changes are taken.
    crm.standIn.edit('contacts', contact, { lastname: 'Unbekannt-Neu' });
    expect((await round()).reported).toBe(0);
    expect(await person(contact)).toMatchObject({
      lastName: 'Unbekannt-Neu',
      primaryCompanyId: sommer,
    });
  });

  it('keeps the primary practice when a CRM user empties the contact’s company', async () => {
    // Probe N6: an empty company cleared the primary practice of a member of that practice.
    const contact = guid(1);
    crm.standIn.edit('contacts', contact, { _parentcustomerid_value: null });
    expect((await round()).reported).toBe(0);
    const { sommer } = await demoPracticeIds(db());
    expect(await person(contact)).toMatchObject({ primaryCompanyId: sommer });
  });
});
