import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { demoAccountId, demoLocationId } from '@pp/dataverse-stand-in';
import { applyPage } from '../../src/crm-sync/sync/apply.ts';
import { crmLinks, customers, locationAssignments, memberships } from '../../src/db/schema.ts';
import { OPERATOR_TOKEN, useSyncedCrm } from '../support/crm.ts';

// Outside probe of issue 44, N2 and N4: the records of a person whose contact goes are reported
// as waiting for it (docs/product.md §1).
//
// N2: the person's location assignments were neither reported nor taken back when the contact
// was active again; only the memberships were.
//
// N4: the waiting reports, made in the version the mirror last agreed with, replaced the reports
// the same round had just made from the version read from the CRM (a membership moved to a
// master with a person of its own is a duplicate there; one whose contact was deleted names no
// contact), and were never taken back.

const guid = (n: number) => `5151${String(n).padStart(4, '0')}-0000-4000-8000-000000000051`;

describe('reports waiting for a contact', () => {
  const { crm, db, round } = useSyncedCrm({ pageSize: 50, env: { OPERATOR_TOKEN } });
  const sommer = demoAccountId('sommer');
  const person = async (id: string) =>
    (await db().select().from(customers).where(eq(customers.id, id)))[0];
  const reportedAt = async (crmId: string) =>
    (
      (
        await crm.app.inject({
          url: '/operator/crm',
          headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
        })
      ).json() as { reported: { crmId: string; entity: string; reason: string }[] }
    ).reported.filter((r) => r.crmId === crmId);
  const linkOf = async (entity: string, crmId: string) =>
    (
      await db()
        .select()
        .from(crmLinks)
        .where(and(eq(crmLinks.entity, entity), sql`${crmLinks.crmId} = ${crmId}::uuid`))
    )[0]?.portalKey;
  const fullRead = () => db().execute(sql`update crm_sync_state set token = null`);

  /** A contact with a membership of "sommer" and an assignment to one of its locations. */
  const memberInCrm = async (n: number) => {
    const contact = guid(n);
    crm.standIn.edit('contacts', contact, {
      lastname: 'Wartend',
      emailaddress1: `wartend.${n}@example.com`,
    });
    crm.standIn.edit('pp_memberships', guid(n + 1), {
      _pp_contactid_value: contact,
      _pp_accountid_value: sommer,
    });
    crm.standIn.edit('pp_locationassignments', guid(n + 2), {
      _pp_locationid_value: demoLocationId('sommer', 0),
      _pp_contactid_value: contact,
    });
    expect((await round()).reported).toBe(0);
    expect(await person(contact)).toBeDefined();
    return { contact, membership: guid(n + 1), assignment: guid(n + 2) };
  };

  it('reports the location assignments of a deactivated contact and takes them back', async () => {
    const { contact, membership, assignment } = await memberInCrm(100);
    crm.standIn.edit('contacts', contact, { statecode: 1, statuscode: 2 });
    expect((await round()).reported).toBe(2);
    expect(await person(contact)).toBeUndefined();
    const waiting = `the CRM's customer ${contact} is not in the portal yet`;
    expect(await reportedAt(membership)).toEqual([
      expect.objectContaining({ entity: 'membership', reason: waiting }),
    ]);
    expect(await reportedAt(assignment)).toEqual([
      expect.objectContaining({ entity: 'locationAssignment', reason: waiting }),
    ]);
    await fullRead();
    expect((await round()).reported).toBe(0);
    // Active again: the person comes back with the membership and the assignment.
    crm.standIn.edit('contacts', contact, { statecode: 0, statuscode: 1 });
    await round();
    expect(await person(contact)).toBeDefined();
    expect(
      await db().select().from(memberships).where(eq(memberships.customerId, contact)),
    ).toHaveLength(1);
    expect(
      await db()
        .select()
        .from(locationAssignments)
        .where(eq(locationAssignments.customerId, contact)),
    ).toHaveLength(1);
    expect(await linkOf('locationAssignment', assignment)).toBeDefined();
    expect(await reportedAt(membership)).toEqual([]);
    expect(await reportedAt(assignment)).toEqual([]);
  });

  it('keeps the report of a membership whose contact was deleted: it names none', async () => {
    const { contact, membership, assignment } = await memberInCrm(200);
    // Dataverse clears the lookups of the portal's tables (Delete: RemoveLink).
    crm.standIn.remove('contacts', contact);
    // Each reported once, as read.
    expect((await round()).reported).toBe(2);
    expect(await person(contact)).toBeUndefined();
    expect(await reportedAt(membership)).toEqual([
      expect.objectContaining({ reason: 'the membership names no contact' }),
    ]);
    expect(await reportedAt(assignment)).toEqual([
      expect.objectContaining({ reason: 'the assignment names no contact' }),
    ]);
    // A later round and a full read keep the reasons.
    expect((await round()).reported).toBe(0);
    await fullRead();
    expect((await round()).reported).toBe(0);
    expect(await reportedAt(membership)).toEqual([
      expect.objectContaining({ reason: 'the membership names no contact' }),
    ]);
    expect(await reportedAt(assignment)).toEqual([
      expect.objectContaining({ reason: 'the assignment names no contact' }),
    ]);
  });

  it('reports a membership moved to a master with its own person as a duplicate', async () => {
    const subordinate = await memberInCrm(300);
    const master = await memberInCrm(310);
    crm.standIn.merge('contacts', master.contact, subordinate.contact);
    expect((await round()).reported).toBe(2);
    expect(await person(subordinate.contact)).toBeUndefined();
    const duplicate = (name: string) => [
      expect.objectContaining({
        reason: `the portal's ${name} is already linked to another CRM record`,
      }),
    ];
    expect(await reportedAt(subordinate.membership)).toEqual(duplicate('membership'));
    expect(await reportedAt(subordinate.assignment)).toEqual(duplicate('location assignment'));
    await fullRead();
    expect((await round()).reported).toBe(0);
    expect(await reportedAt(subordinate.membership)).toEqual(duplicate('membership'));
    expect(await reportedAt(subordinate.assignment)).toEqual(duplicate('location assignment'));
  });

  it("gives the master's person a membership the merge moved to it", async () => {
    const subordinate = await memberInCrm(400);
    const master = guid(410);
    crm.standIn.edit('contacts', master, {
      lastname: 'Haupt',
      emailaddress1: 'haupt.410@example.com',
    });
    crm.standIn.edit('pp_memberships', guid(411), {
      _pp_contactid_value: master,
      _pp_accountid_value: demoAccountId('markt'),
    });
    expect((await round()).reported).toBe(0);
    crm.standIn.merge('contacts', master, subordinate.contact);
    expect((await round()).reported).toBe(0);
    expect(await person(subordinate.contact)).toBeUndefined();
    expect(
      await db().select().from(memberships).where(eq(memberships.customerId, master)),
    ).toHaveLength(2);
    expect(await linkOf('membership', subordinate.membership)).toBeDefined();
    expect(await linkOf('locationAssignment', subordinate.assignment)).toBe(
      `${await linkOf('location', demoLocationId('sommer', 0))}:${master}`,
    );
    expect(await reportedAt(subordinate.membership)).toEqual([]);
    expect(await reportedAt(subordinate.assignment)).toEqual([]);
  });

  it('keeps them waiting for the contact when they cannot be read again', async () => {
    const { contact, membership, assignment } = await memberInCrm(500);
    crm.standIn.edit('contacts', contact, { statecode: 1, statuscode: 2 });
    // The removal as a round makes it, without the read after it (the CRM away in between).
    const outcome = { applied: 0, removed: 0, reported: 0 };
    const silent = { info: () => {}, warn: () => {}, error: () => {} };
    const left = await applyPage(
      db(),
      silent,
      'customer',
      { changed: [], removed: [contact] },
      new Date(),
      outcome,
    );
    expect(left).toEqual({ membership: [membership], locationAssignment: [assignment] });
    expect(outcome).toMatchObject({ removed: 1, reported: 0 });
    const waiting = `the CRM's customer ${contact} is not in the portal yet`;
    expect(await reportedAt(membership)).toEqual([expect.objectContaining({ reason: waiting })]);
    expect(await reportedAt(assignment)).toEqual([expect.objectContaining({ reason: waiting })]);
    await round();
    expect(await reportedAt(membership)).toEqual([expect.objectContaining({ reason: waiting })]);
    // Active again: the person comes back with both.
    crm.standIn.edit('contacts', contact, { statecode: 0, statuscode: 1 });
    await round();
    expect(await person(contact)).toBeDefined();
    expect(await linkOf('membership', membership)).toBeDefined();
    expect(await linkOf('locationAssignment', assignment)).toBeDefined();
    expect(await reportedAt(membership)).toEqual([]);
    expect(await reportedAt(assignment)).toEqual([]);
  });
});
