import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { EmployeesSchema } from '@pp/contract';
import { demoAccountId, demoContactId } from '@pp/dataverse-stand-in';
import { auditLog, crmReports, crmSyncState, customers } from '../../src/db/schema.ts';
import { OPERATOR_TOKEN, useCrm } from '../support/crm.ts';
import { customerIdOf, demo, demoPracticeIds } from '../support/demo.ts';

// Probe of issue 44, findings H1 and H3: e-mail addresses and text values as CRM users type them
// are taken in the portal's normal form, and a record the portal does not take is reported with
// a plain reason: no SQL, no parameters, no address or name.

const guid = (n: number) => `4545${String(n).padStart(4, '0')}-0000-4000-8000-000000000045`;

describe('values as CRM users type them', () => {
  const crm = useCrm({
    pageSize: 5,
    standIn: { tokenLifetimeSeconds: 3599 },
    env: { OPERATOR_TOKEN },
  });
  beforeAll(async () => {
    await crm.connector.connect();
    expect((await crm.connector.syncNow()).failed).toEqual([]);
  });
  const db = () => crm.db.database.db;
  const audited = async (crmId: string) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'crm.record.reported'), eq(auditLog.entityId, crmId)));
  const reasonAt = async (crmId: string) =>
    (
      (
        await crm.app.inject({
          url: '/operator/crm',
          headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
        })
      ).json() as { reported: { crmId: string; reason: string }[] }
    ).reported.find((r) => r.crmId === crmId)?.reason;
  /** A reason an operator may read: no SQL, no parameters, none of the record's values. */
  const expectPlain = (reason: string | undefined, values: string[]) => {
    expect(reason).toBeTypeOf('string');
    for (const word of ['Failed query', 'insert', 'update', 'params', '@', ...values]) {
      expect(reason!.toLowerCase()).not.toContain(word.toLowerCase());
    }
  };
  const expectPlainEverywhere = async (crmId: string, values: string[]) => {
    expectPlain(await reasonAt(crmId), values);
    const entries = await audited(crmId);
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) expectPlain((entry.data as { reason: string }).reason, values);
    expect(crm.logs.join('\n')).not.toContain('Failed query');
    for (const value of values) expect(crm.logs.join('\n')).not.toContain(value);
  };

  it('takes a padded, capitalised IDN address in its normal form, with the membership', async () => {
    const contact = guid(1);
    crm.standIn.edit('contacts', contact, {
      firstname: 'Emile',
      lastname: 'Test',
      emailaddress1: '  Emile.Test+Praxis@Bücher.Example ',
    });
    crm.standIn.edit('pp_memberships', guid(2), {
      _pp_contactid_value: contact,
      _pp_accountid_value: demoAccountId('sommer'),
    });
    const outcome = await crm.connector.syncNow();
    expect(outcome.reported).toBe(0);
    const [row] = await db().select().from(customers).where(eq(customers.id, contact));
    expect(row?.email).toBe('emile.test+praxis@xn--bcher-kva.example');
    const { sommer } = await demoPracticeIds(db());
    const list = EmployeesSchema.parse(
      (
        await crm.client.employee.getEmployees({
          token: await crm.issuer.tokenFor(demo.anna),
          query: { companyId: sommer, pageSize: 100 },
        })
      ).json(),
    );
    expect(list.employees.map((e) => e.email)).toContain('emile.test+praxis@xn--bcher-kva.example');
  });

  it('keeps syncing a linked person whose address a CRM user retypes in capitals', async () => {
    const ben = await customerIdOf(db(), demo.ben);
    crm.standIn.edit('contacts', demoContactId(demo.ben), {
      emailaddress1: 'Ben.Krause@Example.com',
      telephone1: '+49 40 111111',
    });
    expect((await crm.connector.syncNow()).reported).toBe(0);
    crm.standIn.edit('contacts', demoContactId(demo.ben), { telephone1: '+49 40 222222' });
    expect((await crm.connector.syncNow()).reported).toBe(0);
    const [row] = await db().select().from(customers).where(eq(customers.id, ben));
    expect(row).toMatchObject({ email: 'ben.krause@example.com', phone: '+49 40 222222' });
  });

  it('stores names trimmed', async () => {
    const contact = guid(3);
    crm.standIn.edit('contacts', contact, {
      firstname: ' Lea ',
      lastname: '  Leerzeichen ',
      emailaddress1: 'lea.leerzeichen@example.com',
    });
    crm.standIn.edit('pp_memberships', guid(4), {
      _pp_contactid_value: contact,
      _pp_accountid_value: demoAccountId('sommer'),
    });
    expect((await crm.connector.syncNow()).reported).toBe(0);
    const [row] = await db().select().from(customers).where(eq(customers.id, contact));
    expect(row).toMatchObject({ firstName: 'Lea', lastName: 'Leerzeichen' });
  });

  it('refuses a local part that is not ASCII, with a plain reason', async () => {
    // NFC would make the Kelvin sign a `K`: Ben's address (decision 0019).
    const contact = guid(5);
    crm.standIn.edit('contacts', contact, {
      lastname: 'Kelvin',
      emailaddress1: 'ben.\u212Arause@example.com',
    });
    crm.standIn.edit('pp_memberships', guid(6), {
      _pp_contactid_value: contact,
      _pp_accountid_value: demoAccountId('sommer'),
    });
    expect((await crm.connector.syncNow()).reported).toBeGreaterThan(0);
    expect(await db().select().from(customers).where(eq(customers.id, contact))).toEqual([]);
    await expectPlainEverywhere(contact, ['Kelvin', 'rause']);
  });

  it('reports records with an empty lookup with a plain reason', async () => {
    const location = guid(10);
    const assignment = guid(11);
    crm.standIn.edit('pp_locations', location, { pp_name: 'Verwaiste Filiale' });
    crm.standIn.edit('pp_locationassignments', assignment, {
      _pp_contactid_value: demoContactId(demo.clara),
    });
    const outcome = await crm.connector.syncNow();
    expect(outcome.reported).toBe(2);
    await expectPlainEverywhere(location, ['Verwaiste']);
    expect(await reasonAt(location)).toContain('practice');
    await expectPlainEverywhere(assignment, ['clara', 'Wolf']);
    expect(await reasonAt(assignment)).toContain('location');
  });

  it('reports a database refusal by its constraint, once per version', async () => {
    // Clara's contact retyped with Anna's address: the portal keeps addresses unique.
    const clara = demoContactId(demo.clara);
    crm.standIn.edit('contacts', clara, { emailaddress1: 'ANNA.Sommer@example.com' });
    expect((await crm.connector.syncNow()).reported).toBe(1);
    expect(await reasonAt(clara)).toContain('customers_email_key');
    await expectPlainEverywhere(clara, ['anna', 'Clara', 'Wolf']);
    // Kept with an older wording: the same version read again is not reported again.
    await db()
      .update(crmReports)
      .set({ reason: 'Failed query: update "customers" params: anna.sommer@example.com' })
      .where(eq(crmReports.crmId, clara));
    await db().update(crmSyncState).set({ token: null });
    expect((await crm.connector.syncNow()).reported).toBe(0);
    expect(await audited(clara)).toHaveLength(1);
    expect(await reasonAt(clara)).toContain('customers_email_key');
  });

  it('takes a contact whose company is another contact, without that as its practice', async () => {
    // parentcustomerid is a Customer lookup: a CRM user may pick a contact as the company; its
    // annotation names the contact table, and the portal binds practices only (probe M2). The
    // person's primary practice is then the one of their membership, as when one joins a
    // practice in the portal (probe M4).
    const contact = guid(20);
    crm.standIn.edit('contacts', contact, {
      firstname: 'Ida',
      lastname: 'Beispiel',
      emailaddress1: 'ida.beispiel@example.com',
      _parentcustomerid_value: demoContactId(demo.anna),
    });
    crm.standIn.edit('pp_memberships', guid(21), {
      _pp_contactid_value: contact,
      _pp_accountid_value: demoAccountId('sommer'),
    });
    const outcome = await crm.connector.syncNow();
    expect(outcome.reported).toBe(0);
    const [row] = await db().select().from(customers).where(eq(customers.id, contact));
    expect(row).toMatchObject({
      email: 'ida.beispiel@example.com',
      primaryCompanyId: (await demoPracticeIds(db())).sommer,
    });
  });
});
