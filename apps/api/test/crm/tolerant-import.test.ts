import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CompanySchema, CustomerSchema, EmployeesSchema } from '@pp/contract';
import { demoAccountId, demoContactId } from '@pp/dataverse-stand-in';
import { asSync } from '../../src/crm-sync/mirror/write-row.ts';
import { auditLog, companies, crmSyncState, customers, memberships } from '../../src/db/schema.ts';
import { OPERATOR_TOKEN, useCrm } from '../support/crm.ts';
import { customerIdOf, demo, demoPracticeIds } from '../support/demo.ts';

// Issue 44, findings 1 and 2: records as CRM users create them in Dynamics, with every column
// the CRM does not require left empty and countries typed as words, are taken into the portal
// with the defaults of docs/product.md (the CRM section); a record the portal truly cannot use
// is reported once, again only when it changes, and listed at the operator endpoint.

/** A GUID of its own for each record a test creates in the CRM. */
const guid = (n: number) => `4444${String(n).padStart(4, '0')}-0000-4000-8000-000000000044`;

describe('records as CRM users create them', () => {
  const crm = useCrm({
    pageSize: 5,
    standIn: { tokenLifetimeSeconds: 3599 },
    env: { OPERATOR_TOKEN },
  });
  beforeAll(async () => {
    await crm.connector.connect();
    const first = await crm.connector.syncNow();
    expect(first.failed).toEqual([]);
  });
  const db = () => crm.db.database.db;
  const token = (email: string) => crm.issuer.tokenFor(email);
  const reports = async (crmId: string) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'crm.record.reported'), eq(auditLog.entityId, crmId)));
  /** The next round reads everything again, as after a change token the CRM no longer takes. */
  const forgetTokens = () => db().update(crmSyncState).set({ token: null });
  const operatorView = async () =>
    (
      await crm.app.inject({
        url: '/operator/crm',
        headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
      })
    ).json() as { reported: { entity: string; crmId: string; reason: string }[] };

  it("takes the stand-in's demo records as CRM users left them", async () => {
    // Its demo (apps/dataverse-stand-in/src/demo.ts) has the practice "markt" in "Deutschland"
    // and David's contact without a language; the portal's own records match them.
    const { markt } = await demoPracticeIds(db());
    const [practice] = await db().select().from(companies).where(eq(companies.id, markt));
    expect(practice?.country).toBe('DE');
    const [david] = await db()
      .select()
      .from(customers)
      .where(eq(customers.id, await customerIdOf(db(), demo.david)));
    expect(david?.preferredLanguage).toBe('de');
    const [report] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(eq(auditLog.action, 'crm.record.reported'));
    expect(report!.n).toBe(0);
  });

  it('imports a contact made in the contact form (no portal columns) and lists them as staff', async () => {
    const contact = guid(1);
    crm.standIn.edit('contacts', contact, {
      firstname: 'Greta',
      lastname: 'Nurcrm',
      emailaddress1: 'greta.nurcrm@example.com',
    });
    // Made in the membership's form: the role left empty.
    crm.standIn.edit('pp_memberships', guid(2), {
      _pp_contactid_value: contact,
      _pp_accountid_value: demoAccountId('sommer'),
    });
    const outcome = await crm.connector.syncNow();
    expect(outcome.failed).toEqual([]);
    expect(outcome.reported).toBe(0);
    const [greta] = await db().select().from(customers).where(eq(customers.id, contact));
    expect(greta).toMatchObject({
      email: 'greta.nurcrm@example.com',
      firstName: 'Greta',
      lastName: 'Nurcrm',
      preferredLanguage: 'de',
    });
    const { sommer } = await demoPracticeIds(db());
    const list = EmployeesSchema.parse(
      (
        await crm.client.employee.getEmployees({
          token: await token(demo.anna),
          query: { companyId: sommer, pageSize: 100 },
        })
      ).json(),
    );
    expect(list.employees.find((e) => e.email === 'greta.nurcrm@example.com')).toMatchObject({
      firstName: 'Greta',
      lastName: 'Nurcrm',
      role: 'member',
      status: 'enabled',
    });
  });

  it("keeps the person's own language when their contact has none", async () => {
    const ben = await customerIdOf(db(), demo.ben);
    // Chosen in the portal earlier and sent to the CRM long ago (nothing waits in the outbox).
    await db().transaction(async (tx) => {
      await asSync(tx);
      await tx.update(customers).set({ preferredLanguage: 'en' }).where(eq(customers.id, ben));
    });
    crm.standIn.edit('contacts', demoContactId(demo.ben), {
      pp_preferredlanguage: null,
      telephone1: '+49 40 440044',
    });
    const outcome = await crm.connector.syncNow();
    expect(outcome.reported).toBe(0);
    const [row] = await db().select().from(customers).where(eq(customers.id, ben));
    expect(row).toMatchObject({ preferredLanguage: 'en', phone: '+49 40 440044' });
  });

  it('imports an account with only a name and a city: no customer number, no country', async () => {
    const account = guid(10);
    crm.standIn.edit('accounts', account, { name: 'Praxis Nurname', address1_city: 'Köln' });
    // A practice of the portal: one of its locations names it (decision 0101).
    crm.standIn.edit('pp_locations', guid(13), { _pp_accountid_value: account, pp_name: 'Köln' });
    const outcome = await crm.connector.syncNow();
    expect(outcome.failed).toEqual([]);
    expect(outcome.reported).toBe(0);
    const [row] = await db().select().from(companies).where(eq(companies.id, account));
    expect(row).toMatchObject({
      name: 'Praxis Nurname',
      city: 'Köln',
      customerNumber: null,
      country: null,
    });
    // Its member sees it, without a number or a country.
    const member = guid(11);
    crm.standIn.edit('contacts', member, {
      firstname: 'Nora',
      lastname: 'Nurname',
      emailaddress1: 'nora.nurname@example.com',
    });
    crm.standIn.edit('pp_memberships', guid(12), {
      _pp_contactid_value: member,
      _pp_accountid_value: account,
      pp_role: 100000002,
    });
    expect((await crm.connector.syncNow()).reported).toBe(0);
    const answer = await crm.client.company.getCompany({
      token: await token('nora.nurname@example.com'),
      query: { companyId: account },
    });
    expect(answer.statusCode).toBe(200);
    expect(CompanySchema.parse(answer.json())).toMatchObject({
      customerNumber: null,
      country: null,
      role: 'superadmin',
    });
    const profile = CustomerSchema.parse(
      (
        await crm.client.customer.getCustomerData({
          token: await token('nora.nurname@example.com'),
        })
      ).json(),
    );
    expect(profile.email).toBe('nora.nurname@example.com');
  });

  it('reads the countries Dynamics users type, in German and English, as ISO codes', async () => {
    const typed: [string, string | null][] = [
      ['Deutschland', 'DE'],
      ['Germany', 'DE'],
      ['Österreich', 'AT'],
      ['DE', 'DE'],
      ['Schweiz', 'CH'],
      ['  austria ', 'AT'],
      ['AUT', 'AT'],
      ['Atlantis', null],
    ];
    typed.forEach(([country], index) => {
      crm.standIn.edit('accounts', guid(20 + index), {
        name: `Praxis Land ${index}`,
        address1_city: 'Irgendwo',
        address1_country: country,
      });
      crm.standIn.edit('pp_locations', guid(40 + index), {
        _pp_accountid_value: guid(20 + index),
        pp_name: `Standort ${index}`,
      });
    });
    const outcome = await crm.connector.syncNow();
    expect(outcome.failed).toEqual([]);
    expect(outcome.reported).toBe(0);
    const read = await Promise.all(
      typed.map(async (_, index) => {
        const [row] = await db()
          .select({ country: companies.country })
          .from(companies)
          .where(eq(companies.id, guid(20 + index)));
        return row?.country;
      }),
    );
    expect(read).toEqual(typed.map(([, code]) => code));
  });

  it('reports a contact without an e-mail address once, again only when it changes', async () => {
    const contact = guid(30);
    const membership = guid(31);
    crm.standIn.edit('contacts', contact, { firstname: 'Ohne', lastname: 'Adresse' });
    crm.standIn.edit('pp_memberships', membership, {
      _pp_contactid_value: contact,
      _pp_accountid_value: demoAccountId('sommer'),
    });
    // The contact, and its membership, which waits for it.
    expect((await crm.connector.syncNow()).reported).toBe(2);
    expect(await reports(contact)).toHaveLength(1);
    expect(await reports(membership)).toHaveLength(1);
    expect((await operatorView()).reported).toContainEqual(
      expect.objectContaining({
        entity: 'customer',
        crmId: contact,
        reason: expect.stringContaining('e-mail'),
      }),
    );
    // The next full read meets it unchanged: no second report.
    await forgetTokens();
    const again = await crm.connector.syncNow();
    expect(again.failed).toEqual([]);
    expect(again.reported).toBe(0);
    expect(await reports(contact)).toHaveLength(1);
    expect(await reports(membership)).toHaveLength(1);
    // Changed, but still without an address: reported again; the membership is not.
    crm.standIn.edit('contacts', contact, { lastname: 'Immer-noch-ohne' });
    expect((await crm.connector.syncNow()).reported).toBe(1);
    expect(await reports(contact)).toHaveLength(2);
    expect(await reports(membership)).toHaveLength(1);
    // Put right in the CRM: taken with the membership that waited for it, neither listed.
    crm.standIn.edit('contacts', contact, { emailaddress1: 'ohne.adresse@example.com' });
    expect((await crm.connector.syncNow()).reported).toBe(0);
    expect(await db().select().from(customers).where(eq(customers.id, contact))).toHaveLength(1);
    const { sommer } = await demoPracticeIds(db());
    expect(
      await db()
        .select()
        .from(memberships)
        .where(and(eq(memberships.customerId, contact), eq(memberships.companyId, sommer))),
    ).toHaveLength(1);
    expect((await operatorView()).reported.map((r) => r.crmId)).not.toContain(contact);
    expect((await operatorView()).reported.map((r) => r.crmId)).not.toContain(membership);
    const count = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(customers)
      .where(eq(customers.email, 'ohne.adresse@example.com'));
    expect(count[0]!.n).toBe(1);
  });
});
