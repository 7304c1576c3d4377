import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { demoAccountId, demoContactId } from '@pp/dataverse-stand-in';
import { companies, customers, memberships } from '../../src/db/schema.ts';
import { useSyncedCrm } from '../support/crm.ts';
import { customerIdOf, demo, demoPracticeIds } from '../support/demo.ts';
import { expectProblem } from '../support/expect-problem.ts';

// An account deleted in the CRM. Dataverse deletes along each relationship's Delete cascade: a
// contact's company (contact_customer_accounts) is a parental relationship with Delete
// "Cascade", so the contacts whose company the account is are deleted with it, and their people
// leave the portal as after a contact's deletion (docs/product.md §1). Many organisations make it
// "Remove Link" instead; then those contacts stay without a company, and so do their people:
// the empty company keeps the portal's primary practice, and the practice's removal makes
// another one they are a member of primary, as when one leaves a practice in the portal.

/** A GUID of its own for each record a test creates in the CRM. */
const guid = (n: number) => `4848${String(n).padStart(4, '0')}-0000-4000-8000-000000000048`;

describe('an account deleted in the CRM', () => {
  const { crm, db, round } = useSyncedCrm({ pageSize: 50 });
  const person = async (id: string) =>
    (await db().select().from(customers).where(eq(customers.id, id)))[0];
  const practiceIdsOf = async (id: string) =>
    (
      await db()
        .select({ companyId: memberships.companyId })
        .from(memberships)
        .where(eq(memberships.customerId, id))
    ).map((row) => row.companyId);
  const customerData = async (email: string) =>
    crm.client.customer.getCustomerData({ token: await crm.issuer.tokenFor(email) });

  /**
   * An account the portal holds, and a contact whose company it is, a member of it and of
   * "sommer", taken by rounds with the account as their primary practice.
   */
  const practiceWithMember = async (n: number) => {
    const account = guid(n);
    const contact = guid(n + 1);
    const email = `firma.${n}@example.com`;
    crm.standIn.edit('accounts', account, { name: `Praxis ${n}`, address1_country: 'DE' });
    crm.standIn.edit('contacts', contact, {
      firstname: 'Fritz',
      lastname: 'Firma',
      emailaddress1: email,
      _parentcustomerid_value: account,
    });
    crm.standIn.edit('pp_memberships', guid(n + 2), {
      _pp_contactid_value: contact,
      _pp_accountid_value: account,
      pp_role: 100000000,
    });
    expect((await round()).reported).toBe(0);
    crm.standIn.edit('pp_memberships', guid(n + 3), {
      _pp_contactid_value: contact,
      _pp_accountid_value: demoAccountId('sommer'),
      pp_role: 100000000,
    });
    expect((await round()).reported).toBe(0);
    expect(await person(contact)).toMatchObject({ primaryCompanyId: account });
    return { account, contact, email };
  };

  it('takes the people whose company it was out of the portal with it', async () => {
    const { account, contact, email } = await practiceWithMember(100);
    expect((await customerData(email)).statusCode).toBe(200);
    // Anna, whose company is "sommer", joins it too.
    const anna = await customerIdOf(db(), demo.anna);
    crm.standIn.edit('pp_memberships', guid(110), {
      _pp_contactid_value: demoContactId(demo.anna),
      _pp_accountid_value: account,
      pp_role: 100000000,
    });
    await round();
    expect(await practiceIdsOf(anna)).toContain(account);

    crm.standIn.remove('accounts', account);
    expect(crm.standIn.record('contacts', contact)).toBeUndefined();
    await round();
    expect(await db().select().from(companies).where(eq(companies.id, account))).toEqual([]);
    expect(await person(contact)).toBeUndefined();
    expectProblem(await customerData(email), 403, 'access_removed');
    // A member whose company is another practice stays, without the membership.
    const { sommer } = await demoPracticeIds(db());
    expect(await practiceIdsOf(anna)).not.toContain(account);
    expect(await person(anna)).toMatchObject({ primaryCompanyId: sommer });
  });

  it('keeps them with their other practice as primary when the link is only removed', async () => {
    const token = crm.standIn.issueToken();
    const put = await fetch(
      `${crm.standIn.apiUrl}/RelationshipDefinitions(SchemaName='contact_customer_accounts')`,
      {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ CascadeConfiguration: { Delete: 'RemoveLink' } }),
      },
    );
    expect(put.status).toBe(204);
    const { account, contact, email } = await practiceWithMember(200);
    crm.standIn.remove('accounts', account);
    expect(crm.standIn.record('contacts', contact)).toMatchObject({
      _parentcustomerid_value: null,
    });
    await round();
    expect(await db().select().from(companies).where(eq(companies.id, account))).toEqual([]);
    const { sommer } = await demoPracticeIds(db());
    expect(await practiceIdsOf(contact)).toEqual([sommer]);
    expect(await person(contact)).toMatchObject({ primaryCompanyId: sommer });
    const answer = await customerData(email);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ customerId: contact, companyId: sommer });
  });
});
