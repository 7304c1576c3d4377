import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CompanySchema } from '@pp/contract';
import { demoAccountId } from '@pp/dataverse-stand-in';
import { companies, crmReports, customers, locations } from '../../src/db/schema.ts';
import { useCrm } from '../support/crm.ts';
import { demo, demoPracticeIds } from '../support/demo.ts';

// A practice deleted in the portal (with its superadmin's account, docs/product.md §1). Deleting
// its account in Dynamics would delete every contact whose company it is (contact_customer_accounts
// has Delete "Cascade" by default), people the portal never held among them, and with them their
// opportunities, cases and history. So the portal deactivates the account instead and leaves its
// deletion to a CRM user; the practice's locations and memberships, records of the portal's own
// tables, are deleted.

/** A GUID of its own for each record a test creates in the CRM. */
const guid = (n: number) => `4949${String(n).padStart(4, '0')}-0000-4000-8000-000000000049`;

describe('a practice deleted in the portal', () => {
  const crm = useCrm({ pageSize: 50 });
  beforeAll(async () => {
    await crm.connector.connect();
    expect((await crm.connector.syncNow()).failed).toEqual([]);
  });
  const db = () => crm.db.database.db;
  const round = async () => {
    const outcome = await crm.connector.syncNow();
    expect(outcome.failed).toEqual([]);
    return outcome;
  };
  const practice = async (id: string) => db().select().from(companies).where(eq(companies.id, id));
  const person = async (id: string) =>
    (await db().select().from(customers).where(eq(customers.id, id)))[0];

  const account = guid(1);
  const owner = { contact: guid(2), email: 'inhaberin.ende@example.com' };
  /** A portal person whose company in the CRM is the account, a member of "sommer" only. */
  const colleague = { contact: guid(3), email: 'kollege.ende@example.com' };
  /** A contact of the account the portal does not hold: no membership, no portal person. */
  const stranger = guid(4);
  const location = guid(5);

  beforeAll(async () => {
    crm.standIn.edit('accounts', account, {
      name: 'Praxis am Ende',
      accountnumber: 'ENDE-4949',
      address1_country: 'DE',
    });
    crm.standIn.edit('contacts', owner.contact, {
      firstname: 'Ina',
      lastname: 'Ende',
      emailaddress1: owner.email,
      _parentcustomerid_value: account,
    });
    crm.standIn.edit('pp_memberships', guid(6), {
      _pp_contactid_value: owner.contact,
      _pp_accountid_value: account,
      pp_role: 100000002,
    });
    crm.standIn.edit('pp_locations', location, {
      _pp_accountid_value: account,
      pp_name: 'Filiale Ende',
      pp_street: 'Endstraße 1',
      pp_postalcode: '10115',
      pp_city: 'Berlin',
      pp_country: 'DE',
    });
    crm.standIn.edit('contacts', colleague.contact, {
      firstname: 'Kai',
      lastname: 'Kollege',
      emailaddress1: colleague.email,
      _parentcustomerid_value: account,
    });
    crm.standIn.edit('pp_memberships', guid(7), {
      _pp_contactid_value: colleague.contact,
      _pp_accountid_value: demoAccountId('sommer'),
      pp_role: 100000000,
    });
    crm.standIn.edit('contacts', stranger, {
      firstname: 'Fremd',
      lastname: 'Kontakt',
      emailaddress1: 'fremd.kontakt@example.com',
      _parentcustomerid_value: account,
    });
    expect((await round()).reported).toBe(0);
    expect(await practice(account)).toHaveLength(1);
    expect(await person(owner.contact)).toMatchObject({ primaryCompanyId: account });
    expect(await person(stranger)).toBeUndefined();
  });

  it('deactivates its account instead of deleting it, and leaves its contacts alone', async () => {
    const { sommer } = await demoPracticeIds(db());
    expect(await person(colleague.contact)).toMatchObject({ primaryCompanyId: sommer });
    // An external provider's password is not the portal's to check: a fresh sign-in stands for it.
    const token = await crm.issuer.tokenFor(owner.email, {
      extra: { auth_time: Math.floor(Date.now() / 1000) },
    });
    const answer = await crm.client.customer.deleteAccount({
      token,
      body: { deletePractices: [account] },
    });
    expect(answer.statusCode).toBe(200);
    expect(await practice(account)).toEqual([]);

    crm.standIn.seen.length = 0;
    expect(await crm.connector.pushNow()).toMatchObject({ parked: 0 });
    expect(
      crm.standIn.seen.filter((r) => r.method === 'DELETE' && r.path.includes('accounts(')),
    ).toEqual([]);
    expect(crm.standIn.record('accounts', account)).toMatchObject({
      name: 'Praxis am Ende',
      statecode: 1,
      statuscode: 2,
    });
    // Its contacts stay, the portal's person and the CRM's own, still naming it as their company.
    expect(crm.standIn.record('contacts', colleague.contact)).toMatchObject({
      _parentcustomerid_value: account,
    });
    expect(crm.standIn.record('contacts', stranger)).toMatchObject({
      _parentcustomerid_value: account,
    });
    // The person who deleted their account is erased, their contact with them; the practice's
    // location and memberships, rows of the portal's own tables, are deleted.
    expect(crm.standIn.record('contacts', owner.contact)).toBeUndefined();
    expect(crm.standIn.record('pp_memberships', guid(6))).toBeUndefined();
    expect(crm.standIn.record('pp_locations', location)).toBeUndefined();
  });

  it('stays gone from the portal in the rounds after, without a report', async () => {
    const { sommer } = await demoPracticeIds(db());
    expect((await round()).reported).toBe(0);
    expect(await practice(account)).toEqual([]);
    expect(await db().select().from(locations).where(eq(locations.id, location))).toEqual([]);
    expect(await person(colleague.contact)).toMatchObject({ primaryCompanyId: sommer });
    expect(await person(stranger)).toBeUndefined();
    expect(await db().select().from(crmReports)).toEqual([]);
    // Nor does a full read, when the change token has expired.
    crm.standIn.expireChangeTracking();
    expect((await round()).reported).toBe(0);
    expect(await practice(account)).toEqual([]);
    expect(await person(colleague.contact)).toMatchObject({ primaryCompanyId: sommer });
  });

  // A later change of a contact naming it as its company (a portal person's) reads the
  // account by key (sync/references.ts): inactive and named by nothing but a contact's company,
  // it is not taken (docs/product.md §1).
  it('stays gone when a contact naming it as its company changes later', async () => {
    const { sommer } = await demoPracticeIds(db());
    crm.standIn.edit('contacts', colleague.contact, { telephone1: '+49 30 5554949' });
    expect((await round()).reported).toBe(0);
    expect(await person(colleague.contact)).toMatchObject({
      phone: '+49 30 5554949',
      primaryCompanyId: sommer,
    });
    expect(await practice(account)).toEqual([]);
    expect(await db().select().from(crmReports)).toEqual([]);
  });

  it('stays gone when a membership brings in a contact naming it as its company', async () => {
    const { sommer } = await demoPracticeIds(db());
    const newcomer = guid(8);
    crm.standIn.edit('contacts', newcomer, {
      lastname: 'Neu',
      emailaddress1: 'neu.ende@example.com',
      _parentcustomerid_value: account,
    });
    crm.standIn.edit('pp_memberships', guid(9), {
      _pp_contactid_value: newcomer,
      _pp_accountid_value: demoAccountId('sommer'),
    });
    expect((await round()).reported).toBe(0);
    // The contact is taken without it, as with any account the portal does not hold.
    expect(await person(newcomer)).toMatchObject({ primaryCompanyId: sommer });
    expect(await practice(account)).toEqual([]);
    expect(await db().select().from(crmReports)).toEqual([]);
  });

  it('comes back as a disabled practice when a CRM user makes a membership of it', async () => {
    // A membership (or location) naming the inactive account is a CRM user's choice to give it
    // people again: the practice is taken as the account is, disabled, and its superadmin may
    // enable it.
    crm.standIn.edit('pp_memberships', guid(10), {
      _pp_contactid_value: colleague.contact,
      _pp_accountid_value: account,
      pp_role: 100000002,
    });
    expect((await round()).reported).toBe(0);
    expect(await practice(account)).toMatchObject([{ name: 'Praxis am Ende', status: 'disabled' }]);
    const company = await crm.client.company.getCompany({
      token: await crm.issuer.tokenFor(colleague.email),
      query: { companyId: account },
    });
    expect(CompanySchema.parse(company.json())).toMatchObject({
      status: 'disabled',
      role: 'superadmin',
    });
  });

  it('is not a practice disabled in the portal: that one stays, disabled, its account inactive', async () => {
    // The account's state is the practice's status (the mapping's `status` field): an inactive
    // account is a disabled practice, not a removed one, in every round after as well.
    const { markt } = await demoPracticeIds(db());
    const token = await crm.issuer.tokenFor(demo.david);
    const set = async (call: 'disableCompany' | 'enableCompany') => {
      expect(
        (await crm.client.company[call]({ token, query: { companyId: markt } })).statusCode,
      ).toBe(200);
      expect(await crm.connector.pushNow()).toMatchObject({ parked: 0 });
    };
    await set('disableCompany');
    expect(crm.standIn.record('accounts', demoAccountId('markt'))).toMatchObject({ statecode: 1 });
    crm.standIn.edit('accounts', demoAccountId('markt'), { telephone1: '+49 40 5554949' });
    expect((await round()).reported).toBe(0);
    expect(await practice(markt)).toMatchObject([{ status: 'disabled', phone: '+49 40 5554949' }]);
    await set('enableCompany');
    expect(crm.standIn.record('accounts', demoAccountId('markt'))).toMatchObject({ statecode: 0 });
    expect((await round()).reported).toBe(0);
    expect(await practice(markt)).toMatchObject([{ status: 'enabled' }]);
  });
});
