import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { demoAccountId } from '@pp/dataverse-stand-in';
import { crmOutbox, crmReports, customers, memberships } from '../../src/db/schema.ts';
import { useSyncedCrm } from '../support/crm.ts';
import { demo } from '../support/demo.ts';
import { expectProblem } from '../support/expect-problem.ts';

// Outside probe (Medium): a contact the portal reported (a value it refuses, such as a digit in
// the last name) has no person in the portal. Its owner's first sign-in made a new, empty person,
// which the outbox wrote to the CRM as a second contact with the same address; once a CRM user
// fixed the name, the original contact was "already linked to another CRM record" and its
// membership stayed out. The sign-in is refused with its own code instead, until the contact is
// taken (docs/product.md §1).

/** A GUID of its own for each record a test creates in the CRM. */
const guid = (n: number) => `4848${String(n).padStart(4, '0')}-0000-4000-8000-000000000048`;

describe('a contact the portal reported', () => {
  const { crm, db, round } = useSyncedCrm({ pageSize: 50 });
  const sommer = demoAccountId('sommer');
  const customerData = async (email: string) =>
    crm.client.customer.getCustomerData({ token: await crm.issuer.tokenFor(email) });
  const peopleWith = (email: string) =>
    db().select({ id: customers.id }).from(customers).where(eq(customers.email, email));
  /** The CRM's contacts with the address, as typed or in its normal form. */
  const contactsWith = (email: string) =>
    crm.standIn
      .table('contacts')
      .filter((contact) => String(contact.emailaddress1).toLowerCase() === email);

  it('refuses its owner’s sign-in until a CRM user fixes it, then signs them in to it', async () => {
    const contact = guid(100);
    const email = 'meyer.100@example.com';
    crm.standIn.edit('contacts', contact, {
      firstname: 'Maria',
      lastname: 'Meyer 2',
      // The CRM user typed it as it came; the portal's normal form is lower case.
      emailaddress1: 'Meyer.100@Example.com',
    });
    crm.standIn.edit('pp_memberships', guid(101), {
      _pp_contactid_value: contact,
      _pp_accountid_value: sommer,
      pp_role: 100000000,
    });
    expect((await round()).reported).toBeGreaterThanOrEqual(1);

    expectProblem(await customerData(email), 403, 'customer_record_refused');
    expect(await peopleWith(email)).toEqual([]);
    const waiting = await db()
      .select()
      .from(crmOutbox)
      .where(sql`${crmOutbox.entity} = 'customer' and ${crmOutbox.status} = 'waiting'`);
    expect(waiting).toEqual([]);
    await crm.connector.pushNow();
    expect(contactsWith(email)).toHaveLength(1);

    crm.standIn.edit('contacts', contact, { lastname: 'Meyer' });
    await round();
    const answer = await customerData(email);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ customerId: contact, email, lastName: 'Meyer' });
    expect(
      await db()
        .select({ customerId: memberships.customerId })
        .from(memberships)
        .where(eq(memberships.customerId, contact)),
    ).toHaveLength(1);
    // Taken, it is no longer reported, address and all.
    expect(await db().select().from(crmReports).where(eq(crmReports.crmId, contact))).toEqual([]);
    await crm.connector.pushNow();
    expect(contactsWith(email)).toHaveLength(1);
  });

  it('forgets a reported contact a full read no longer finds, and its address with it', async () => {
    // A reported contact deleted while the change token expired: only the full read can tell,
    // and its report (with the address, refused at sign-in) stayed for good.
    const contact = guid(300);
    const email = 'weg.300@example.com';
    crm.standIn.edit('contacts', contact, { lastname: 'Weg 3', emailaddress1: email });
    crm.standIn.edit('pp_memberships', guid(301), {
      _pp_contactid_value: contact,
      _pp_accountid_value: sommer,
    });
    await round();
    expect(await db().select().from(crmReports).where(eq(crmReports.crmId, contact))).toHaveLength(
      1,
    );
    crm.standIn.remove('pp_memberships', guid(301));
    crm.standIn.remove('contacts', contact);
    crm.standIn.expireChangeTracking();
    await round();
    expect(await db().select().from(crmReports).where(eq(crmReports.crmId, contact))).toEqual([]);
    expect((await customerData(email)).statusCode).toBe(200);
  });

  it('keeps no address with a report that is no refusal of its values', async () => {
    // Review of stop 53, M1: a duplicate of a live person's contact kept the address, which
    // then refused that person's new sign-up once they had deleted their account.
    const [anna] = await db().select().from(customers).where(eq(customers.email, demo.anna));
    const duplicate = guid(400);
    crm.standIn.edit('contacts', duplicate, { lastname: 'Doppelt', emailaddress1: demo.anna });
    await round();
    const reports = await db().select().from(crmReports).where(eq(crmReports.crmId, duplicate));
    expect(anna).toBeDefined();
    expect(reports.map((report) => report.email)).toEqual(
      reports.length > 0 ? reports.map(() => null) : [],
    );
  });

  it('still makes a new person for an address no reported contact has', async () => {
    const email = 'neu.200@example.com';
    const answer = await customerData(email);
    expect(answer.statusCode).toBe(200);
    expect(await peopleWith(email)).toHaveLength(1);
  });
});
