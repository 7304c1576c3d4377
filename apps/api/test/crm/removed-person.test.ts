import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { demoAccountId } from '@pp/dataverse-stand-in';
import { crmOutbox, customers, memberships } from '../../src/db/schema.ts';
import { useSyncedCrm } from '../support/crm.ts';
import { demo, demoPracticeIds } from '../support/demo.ts';
import { expectProblem } from '../support/expect-problem.ts';

// Outside probe of issue 44, H2: a person whose contact the CRM removes (deletes, deactivates, or
// merges into a contact with a person of its own) leaves the portal. Their access token, still
// valid for minutes, and a new sign-in with their account made a new, empty person, which the
// outbox then wrote to the CRM as a new contact: the CRM user's removal was undone, and when the
// contact was active again, its address was "linked already". The identity of a removed person
// is kept aside instead: refused with its own code until the contact is taken again, when the
// person has their sign-in back (docs/product.md §1).

/** A GUID of its own for each record a test creates in the CRM. */
const guid = (n: number) => `4747${String(n).padStart(4, '0')}-0000-4000-8000-000000000047`;

describe('a person the CRM removed', () => {
  const { crm, db, round } = useSyncedCrm({ pageSize: 50 });
  const sommer = demoAccountId('sommer');
  const customerData = async (email: string) =>
    crm.client.customer.getCustomerData({ token: await crm.issuer.tokenFor(email) });
  const peopleWith = (email: string) =>
    db().select({ id: customers.id }).from(customers).where(eq(customers.email, email));
  const contactsWith = (email: string) =>
    crm.standIn.table('contacts').filter((contact) => contact.emailaddress1 === email);

  /** A contact made by a CRM user, with a membership of "sommer" (not yet taken). */
  const sommerMemberInCrm = (
    contact: string,
    membership: string,
    lastname: string,
    email: string,
  ) => {
    crm.standIn.edit('contacts', contact, { lastname, emailaddress1: email });
    crm.standIn.edit('pp_memberships', membership, {
      _pp_contactid_value: contact,
      _pp_accountid_value: sommer,
    });
  };

  /** A contact with a membership of "sommer", taken by a round, whose person has signed in. */
  const signedInMember = async (n: number) => {
    const contact = guid(n);
    const email = `entfernt.${n}@example.com`;
    crm.standIn.edit('contacts', contact, {
      firstname: 'Erna',
      lastname: 'Entfernt',
      emailaddress1: email,
    });
    crm.standIn.edit('pp_memberships', guid(n + 1), {
      _pp_contactid_value: contact,
      _pp_accountid_value: sommer,
      pp_role: 100000000,
    });
    expect((await round()).reported).toBe(0);
    const answer = await customerData(email);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ customerId: contact });
    return { contact, email };
  };

  /** The person is refused, no person is made for them, and nothing reaches the CRM. */
  const expectRefused = async (email: string) => {
    expectProblem(await customerData(email), 403, 'access_removed');
    expect(await peopleWith(email)).toEqual([]);
    const waiting = await db()
      .select()
      .from(crmOutbox)
      .where(sql`${crmOutbox.entity} = 'customer' and ${crmOutbox.status} = 'waiting'`);
    expect(waiting).toEqual([]);
    await crm.connector.pushNow();
    expect(contactsWith(email).filter((contact) => contact.statecode !== 1)).toEqual([]);
  };

  it('refuses a deactivated contact’s person and gives the sign-in back on reactivation', async () => {
    const { contact, email } = await signedInMember(100);
    crm.standIn.edit('contacts', contact, { statecode: 1, statuscode: 2 });
    expect((await round()).removed).toBeGreaterThanOrEqual(1);
    await expectRefused(email);
    // Another round and a full read change nothing.
    await db().execute(sql`update crm_sync_state set token = null`);
    await round();
    await expectRefused(email);

    crm.standIn.edit('contacts', contact, { statecode: 0, statuscode: 1 });
    await round();
    const answer = await customerData(email);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ customerId: contact, email });
    expect(
      await db()
        .select({ customerId: memberships.customerId })
        .from(memberships)
        .where(eq(memberships.customerId, contact)),
    ).toHaveLength(1);
  });

  it('refuses the person of a deleted contact', async () => {
    const { contact, email } = await signedInMember(200);
    crm.standIn.remove('contacts', contact);
    expect((await round()).removed).toBeGreaterThanOrEqual(1);
    await expectRefused(email);
  });

  it('refuses the person of a contact merged into one with a person of its own', async () => {
    const subordinate = await signedInMember(300);
    const master = await signedInMember(310);
    crm.standIn.merge('contacts', master.contact, subordinate.contact);
    await round();
    await expectRefused(subordinate.email);
    // The master's person is untouched.
    expect((await customerData(master.email)).statusCode).toBe(200);
  });

  it('refuses a removed person who had never signed in, by their address', async () => {
    // Probe N1: with no sign-in identity to set aside, their first sign-in made a new person.
    const contact = guid(500);
    const email = 'nie.angemeldet.500@example.com';
    sommerMemberInCrm(contact, guid(501), 'Nie', email);
    await round();
    crm.standIn.edit('contacts', contact, { statecode: 1, statuscode: 2 });
    await round();
    await expectRefused(email);

    crm.standIn.edit('contacts', contact, { statecode: 0, statuscode: 1 });
    await round();
    const answer = await customerData(email);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ customerId: contact });
  });

  it('gives the sign-in to a new contact a CRM user makes with the removed one’s address', async () => {
    const { contact, email } = await signedInMember(600);
    crm.standIn.remove('contacts', contact);
    await round();
    await expectRefused(email);
    const successor = guid(610);
    sommerMemberInCrm(successor, guid(611), 'Neu', email);
    await round();
    const answer = await customerData(email);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ customerId: successor, lastName: 'Neu' });
  });

  it('takes a new contact with a removed one’s address, without a membership naming it', async () => {
    // Second probe, F1: only a contact a membership names was taken, so the sign-in stayed
    // refused although a CRM user had made the person's contact again.
    const { contact, email } = await signedInMember(700);
    crm.standIn.remove('contacts', contact);
    await round();
    await expectRefused(email);
    const successor = guid(710);
    crm.standIn.edit('contacts', successor, { lastname: 'Wieder', emailaddress1: email });
    await round();
    const answer = await customerData(email);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ customerId: successor, lastName: 'Wieder' });
  });

  it('refuses the address of a contact merged away whose person follows the master', async () => {
    // Second probe, F2: the person follows the master and takes its address; the merged-away
    // address, now nobody's, made a new person and a new contact at its first sign-in.
    const subordinate = guid(800);
    const subordinateEmail = 'zusammen.800@example.com';
    crm.standIn.edit('contacts', subordinate, {
      lastname: 'Zusammen',
      emailaddress1: subordinateEmail,
    });
    crm.standIn.edit('pp_memberships', guid(801), {
      _pp_contactid_value: subordinate,
      _pp_accountid_value: sommer,
    });
    const master = guid(810);
    const masterEmail = 'gefuehrt.810@example.com';
    crm.standIn.edit('contacts', master, { lastname: 'Geführt', emailaddress1: masterEmail });
    await round();
    crm.standIn.merge('contacts', master, subordinate);
    await round();
    expect(await peopleWith(masterEmail)).toEqual([{ id: subordinate }]);
    await expectRefused(subordinateEmail);
  });

  it('drops the writes a removed person still had on their way to the CRM', async () => {
    // Second probe, F4: a profile change waiting when the CRM deleted the contact stayed parked
    // for good (404), the outbox "behind", with nobody left to put it right.
    const { contact, email } = await signedInMember(900);
    const saved = await crm.client.customer.updateCustomerData({
      token: await crm.issuer.tokenFor(email),
      body: { firstName: 'Ernestine' },
    });
    expect(saved.statusCode).toBe(200);
    // The outbox meets the deletion first (404), the next round removes the person.
    crm.standIn.remove('contacts', contact);
    await crm.connector.pushNow();
    await round();
    const left = await db()
      .select({ status: crmOutbox.status })
      .from(crmOutbox)
      .where(sql`${crmOutbox.portalKey} like ${`${contact}%`} and ${crmOutbox.status} <> 'done'`);
    expect(left).toEqual([]);
  });

  it('keeps no address aside that a person still holds, after a merge of two with the same one', async () => {
    // Review of stop 53, H1: the usual Dynamics duplicate has the same address; setting it aside
    // at the merge refused that address once the person later went through account deletion.
    const email = 'gleich.1000@example.com';
    const subordinate = guid(1000);
    sommerMemberInCrm(subordinate, guid(1001), 'Gleich', email);
    await round();
    const master = guid(1010);
    crm.standIn.edit('contacts', master, { lastname: 'Gleich-Neu', emailaddress1: email });
    crm.standIn.merge('contacts', master, subordinate);
    await round();
    expect(await peopleWith(email)).toHaveLength(1);
    expect(
      await db().execute(sql`select 1 from crm_removed_people where email = ${email}`),
    ).toMatchObject({ rows: [] });
  });

  it('refuses a removed person whom an admin invites again, and writes nothing to the CRM', async () => {
    // Review of stop 53, H2: an invitation made a customer for the address, and its first
    // sign-in made it a person the outbox wrote to the CRM as a new contact.
    const contact = guid(1100);
    const email = 'eingeladen.1100@example.com';
    sommerMemberInCrm(contact, guid(1101), 'Eingeladen', email);
    await round();
    crm.standIn.edit('contacts', contact, { statecode: 1, statuscode: 2 });
    await round();
    const { sommer: practice } = await demoPracticeIds(db());
    const invited = await crm.client.employee.inviteEmployee({
      token: await crm.issuer.tokenFor(demo.anna),
      body: { companyId: practice, email },
    });
    expect(invited.statusCode).toBe(202);
    expectProblem(await customerData(email), 403, 'access_removed');
    await crm.connector.pushNow();
    expect(contactsWith(email).filter((row) => row.statecode !== 1)).toEqual([]);
  });

  it('signs a removed person in to the contact the CRM brings them back with, under a new address', async () => {
    // Review of stop 53, M4: the identity set aside was refused before its address was looked
    // at, so a person the CRM made again with another address stayed out for good.
    const { contact, email } = await signedInMember(1200);
    crm.standIn.remove('contacts', contact);
    await round();
    await expectRefused(email);
    const successor = guid(1210);
    const newEmail = 'neu.1210@example.com';
    sommerMemberInCrm(successor, guid(1211), 'Neu', newEmail);
    await round();
    // The same account at the provider, its address changed to the new one.
    const token = await crm.issuer.tokenFor(newEmail, { subject: `sub-${email}` });
    const answer = await crm.client.customer.getCustomerData({ token });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ customerId: successor });
    // Another account with the old address is still refused: nobody holds that one.
    const other = await crm.issuer.tokenFor(email, { subject: 'sub-another-1200' });
    expectProblem(
      await crm.client.customer.getCustomerData({ token: other }),
      403,
      'access_removed',
    );
  });

  it('still makes a new person for someone the CRM never removed', async () => {
    const email = 'neu.400@example.com';
    const answer = await customerData(email);
    expect(answer.statusCode).toBe(200);
    expect(await peopleWith(email)).toHaveLength(1);
  });
});
