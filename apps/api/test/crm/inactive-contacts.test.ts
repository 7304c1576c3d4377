import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoAccountId } from '@pp/dataverse-stand-in';
import { crmLinks, crmReports, customers, memberships } from '../../src/db/schema.ts';
import { OPERATOR_TOKEN, useCrm } from '../support/crm.ts';
import { demoPracticeIds } from '../support/demo.ts';

// Outside probe of issue 44, M1 and M4, against the stand-in Dataverse.
//
// M1: merging two contacts in Dynamics deactivates the subordinate (statecode 1, statuscode 2,
// `merged` true, `masterid` naming the master) and moves its child records to the master
// (Microsoft Learn, "Merge Action":
// https://learn.microsoft.com/power-apps/developer/data-platform/webapi/reference/merge); users
// also simply deactivate a contact. An inactive contact is, for the portal's mirror, a removed
// one (docs/product.md §1): not taken, and a mirrored one goes as after its deletion in the CRM.
// The memberships moved to the master then bring the master in.
//
// M4: a contact's company (parentcustomerid) is the person's primary practice only when the
// person is a member of it; another account leaves the primary practice as the portal has it.

/** A GUID of its own for each record a test creates in the CRM. */
const guid = (n: number) => `4646${String(n).padStart(4, '0')}-0000-4000-8000-000000000046`;

describe('inactive and merged contacts', () => {
  const crm = useCrm({ pageSize: 50, env: { OPERATOR_TOKEN } });
  beforeAll(async () => {
    await crm.connector.connect();
    expect((await crm.connector.syncNow()).failed).toEqual([]);
  });
  const db = () => crm.db.database.db;
  const sommer = demoAccountId('sommer');
  const round = async () => {
    const outcome = await crm.connector.syncNow();
    expect(outcome.failed).toEqual([]);
    return outcome;
  };
  const person = async (id: string) =>
    (await db().select().from(customers).where(eq(customers.id, id)))[0];
  const membershipsOf = (id: string) =>
    db()
      .select({ companyId: memberships.companyId, status: memberships.status })
      .from(memberships)
      .where(eq(memberships.customerId, id));
  const linkOf = async (entity: string, crmId: string) =>
    (
      await db()
        .select()
        .from(crmLinks)
        .where(and(eq(crmLinks.entity, entity), sql`${crmLinks.crmId} = ${crmId}::uuid`))
    )[0]?.portalKey;
  const reported = async (crmId: string) =>
    db()
      .select({ reason: crmReports.reason })
      .from(crmReports)
      .where(sql`${crmReports.crmId} = ${crmId}::uuid`);
  /** A contact made in the CRM with a membership of "sommer", taken by a round. */
  const memberInCrm = async (n: number, email = `inaktiv.${n}@example.com`) => {
    const contact = guid(n);
    crm.standIn.edit('contacts', contact, {
      firstname: 'Ina',
      lastname: 'Aktiv',
      emailaddress1: email,
      _parentcustomerid_value: sommer,
    });
    crm.standIn.edit('pp_memberships', guid(n + 1), {
      _pp_contactid_value: contact,
      _pp_accountid_value: sommer,
      pp_role: 100000000,
    });
    expect((await round()).reported).toBe(0);
    expect(await person(contact)).toBeDefined();
    return { contact, membership: guid(n + 1), email };
  };

  it('removes a person whose contact is deactivated in the CRM, as after its deletion', async () => {
    const { contact, membership } = await memberInCrm(100);
    crm.standIn.edit('contacts', contact, { statecode: 1 });
    expect((await round()).removed).toBeGreaterThanOrEqual(1);
    expect(await person(contact)).toBeUndefined();
    expect(await linkOf('customer', contact)).toBeUndefined();
    // The membership went with the person, and its link with it.
    expect(await membershipsOf(contact)).toEqual([]);
    expect(await linkOf('membership', membership)).toBeUndefined();
    // A full read does not bring the inactive contact back; the membership still naming it in
    // the CRM waits for it, reported as a record whose contact is not in the portal.
    await db().execute(sql`update crm_sync_state set token = null`);
    await round();
    expect(await person(contact)).toBeUndefined();
    expect(await reported(membership)).toEqual([
      { reason: `the CRM's customer ${contact} is not in the portal yet` },
    ]);
  });

  it('does not take an inactive contact a new membership names', async () => {
    const contact = guid(200);
    crm.standIn.edit('contacts', contact, {
      lastname: 'Ruhend',
      emailaddress1: 'ruhend.200@example.com',
      statecode: 1,
    });
    crm.standIn.edit('pp_memberships', guid(201), {
      _pp_contactid_value: contact,
      _pp_accountid_value: sommer,
    });
    await round();
    expect(await person(contact)).toBeUndefined();
    expect(await linkOf('membership', guid(201))).toBeUndefined();
  });

  it("keeps the subordinate's person and links it to the master of a merge", async () => {
    // Two contacts of one person (the same address): the first is in the portal with a
    // membership; the second, a duplicate, is reported as the address is linked already.
    const email = 'doppelt.300@example.com';
    const subordinate = await memberInCrm(300, email);
    const master = guid(310);
    crm.standIn.edit('contacts', master, {
      firstname: 'Ina',
      lastname: 'Aktiv-Neu',
      emailaddress1: email,
    });
    await round();
    expect(await reported(master)).toHaveLength(1);
    // Merged in Dynamics: the subordinate inactive, its membership moved to the master.
    crm.standIn.merge('contacts', master, subordinate.contact);
    expect(crm.standIn.record('contacts', subordinate.contact)).toMatchObject({
      statecode: 1,
      statuscode: 2,
      merged: true,
      _masterid_value: master,
    });
    expect(crm.standIn.record('pp_memberships', subordinate.membership)).toMatchObject({
      _pp_contactid_value: master,
    });
    // One round: the portal's person (account, sign-in, memberships) stays and follows the
    // master, whose values it takes; no second person comes in.
    const outcome = await round();
    expect(outcome.removed).toBe(0);
    expect(await person(subordinate.contact)).toMatchObject({ email, lastName: 'Aktiv-Neu' });
    expect(await person(master)).toBeUndefined();
    expect(await linkOf('customer', master)).toBe(subordinate.contact);
    expect(await linkOf('customer', subordinate.contact)).toBeUndefined();
    const { sommer: practice } = await demoPracticeIds(db());
    expect(await membershipsOf(subordinate.contact)).toEqual([
      { companyId: practice, status: 'enabled' },
    ]);
    expect(await linkOf('membership', subordinate.membership)).toBe(
      `${subordinate.contact}:${practice}`,
    );
    expect(await reported(master)).toEqual([]);
    expect(await reported(subordinate.membership)).toEqual([]);
    // A later change of the master is a change of the person.
    crm.standIn.edit('contacts', master, { lastname: 'Aktiv-Später' });
    await round();
    expect(await person(subordinate.contact)).toMatchObject({ lastName: 'Aktiv-Später' });
  });

  it('merges by the Web API action as well, the master with another address', async () => {
    const subordinate = await memberInCrm(400, 'aktion.400@example.com');
    const master = guid(410);
    crm.standIn.edit('contacts', master, {
      lastname: 'Haupt',
      emailaddress1: 'haupt.410@example.com',
    });
    const token = crm.standIn.issueToken();
    const answer = await fetch(`${crm.standIn.apiUrl}/Merge`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        Target: { '@odata.type': 'Microsoft.Dynamics.CRM.contact', contactid: master },
        Subordinate: {
          '@odata.type': 'Microsoft.Dynamics.CRM.contact',
          contactid: subordinate.contact,
        },
        UpdateContent: { '@odata.type': 'Microsoft.Dynamics.CRM.contact', firstname: 'Ina' },
        PerformParentingChecks: false,
      }),
    });
    expect(answer.status).toBe(204);
    await round();
    expect(await person(subordinate.contact)).toMatchObject({
      firstName: 'Ina',
      lastName: 'Haupt',
      email: 'haupt.410@example.com',
    });
    expect(await person(master)).toBeUndefined();
    expect(await membershipsOf(subordinate.contact)).toHaveLength(1);
    expect(await reported(master)).toEqual([]);
    // The next round has nothing left to report.
    expect((await round()).reported).toBe(0);
  });

  it("removes the subordinate's person when the master has a person of its own", async () => {
    const master = await memberInCrm(700);
    const subordinate = await memberInCrm(710);
    crm.logs.length = 0;
    crm.standIn.merge('contacts', master.contact, subordinate.contact);
    await round();
    expect(await person(subordinate.contact)).toBeUndefined();
    expect(await person(master.contact)).toBeDefined();
    expect(await linkOf('customer', master.contact)).toBe(master.contact);
    expect(crm.logs.join('\n')).toContain(
      "a merged CRM record's portal record is removed: the record it was merged into has a portal record of its own",
    );
  });
});

// The master's row and the subordinate's removal on one page (50 records a page) or on pages of
// their own (one a page), in either order. The memberships stay with the subordinate (Merge
// NoCascade), so that the contacts' changes alone tell of the merge.
describe.each([50, 1])('a merge read with %i records a page', (pageSize) => {
  const crm = useCrm({ pageSize, env: { OPERATOR_TOKEN } });
  beforeAll(async () => {
    await crm.connector.connect();
    expect((await crm.connector.syncNow()).failed).toEqual([]);
    const token = crm.standIn.issueToken();
    for (const name of [
      'pp_contact_pp_membership_contactid',
      'pp_contact_pp_locationassignment_contactid',
    ]) {
      const url = `${crm.standIn.apiUrl}/RelationshipDefinitions(SchemaName='${name}')`;
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const definition = (await (await fetch(url, { headers })).json()) as Record<string, unknown>;
      const put = await fetch(url, {
        method: 'PUT',
        headers,
        body: JSON.stringify({
          ...definition,
          CascadeConfiguration: {
            ...(definition.CascadeConfiguration as object),
            Merge: 'NoCascade',
          },
        }),
      });
      expect(put.status).toBe(204);
    }
  });
  const db = () => crm.db.database.db;
  const sommer = demoAccountId('sommer');
  const round = async () => {
    const outcome = await crm.connector.syncNow();
    expect(outcome.failed).toEqual([]);
    return outcome;
  };
  const person = async (id: string) =>
    (await db().select().from(customers).where(eq(customers.id, id)))[0];
  const customerLink = async (crmId: string) =>
    (
      await db()
        .select()
        .from(crmLinks)
        .where(and(eq(crmLinks.entity, 'customer'), sql`${crmLinks.crmId} = ${crmId}::uuid`))
    )[0]?.portalKey;

  for (const order of ['master first', 'subordinate first'] as const) {
    it(`keeps the person with the ${order}`, async () => {
      const n = order === 'master first' ? 800 : 900;
      // The stand-in's changes come in the order of their keys.
      const [master, subordinate] =
        order === 'master first' ? [guid(n), guid(n + 10)] : [guid(n + 10), guid(n)];
      crm.standIn.edit('contacts', subordinate, {
        lastname: 'Seite',
        emailaddress1: `seite.${n}@example.com`,
      });
      crm.standIn.edit('pp_memberships', guid(n + 1), {
        _pp_contactid_value: subordinate,
        _pp_accountid_value: sommer,
      });
      await round();
      expect(await person(subordinate)).toBeDefined();
      crm.standIn.edit('contacts', master, {
        lastname: 'Seite-Haupt',
        emailaddress1: `haupt.${n}@example.com`,
      });
      crm.standIn.merge('contacts', master, subordinate);
      const outcome = await round();
      expect(outcome.removed).toBe(0);
      expect(await person(subordinate)).toMatchObject({
        lastName: 'Seite-Haupt',
        email: `haupt.${n}@example.com`,
      });
      expect(await person(master)).toBeUndefined();
      expect(await customerLink(master)).toBe(subordinate);
      expect(await customerLink(subordinate)).toBeUndefined();
      // The memberships the portal has stay.
      const kept = await db()
        .select()
        .from(memberships)
        .where(eq(memberships.customerId, subordinate));
      expect(kept).toHaveLength(1);
    });
  }
});

describe("a contact's company as the primary practice", () => {
  const crm = useCrm({ pageSize: 50, env: { OPERATOR_TOKEN } });
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
  const primaryOf = async (id: string) =>
    (await db().select().from(customers).where(eq(customers.id, id)))[0]?.primaryCompanyId;

  it('ignores an account the person is not a member of', async () => {
    const practices = await demoPracticeIds(db());
    const contact = guid(500);
    crm.standIn.edit('contacts', contact, {
      lastname: 'Fremd',
      emailaddress1: 'fremd.500@example.com',
      _parentcustomerid_value: demoAccountId('markt'),
    });
    crm.standIn.edit('pp_memberships', guid(501), {
      _pp_contactid_value: contact,
      _pp_accountid_value: demoAccountId('sommer'),
    });
    expect((await round()).reported).toBe(0);
    // The practice the person works in, as when one joins a practice in the portal.
    expect(await primaryOf(contact)).toBe(practices.sommer);
    // Later pointing the company at another account changes nothing either.
    crm.standIn.edit('contacts', contact, { _parentcustomerid_value: demoAccountId('markt') });
    crm.standIn.edit('contacts', contact, { lastname: 'Fremd-Zwei' });
    expect((await round()).reported).toBe(0);
    expect(await primaryOf(contact)).toBe(practices.sommer);
  });

  it('takes an account the person is a member of', async () => {
    const practices = await demoPracticeIds(db());
    const contact = guid(600);
    crm.standIn.edit('contacts', contact, {
      lastname: 'Zwei',
      emailaddress1: 'zwei.600@example.com',
      _parentcustomerid_value: demoAccountId('markt'),
    });
    for (const [n, practice] of [
      [601, 'sommer'],
      [602, 'markt'],
    ] as const) {
      crm.standIn.edit('pp_memberships', guid(n), {
        _pp_contactid_value: contact,
        _pp_accountid_value: demoAccountId(practice),
      });
    }
    expect((await round()).reported).toBe(0);
    crm.standIn.edit('contacts', contact, { _parentcustomerid_value: demoAccountId('sommer') });
    expect((await round()).reported).toBe(0);
    expect(await primaryOf(contact)).toBe(practices.sommer);
    crm.standIn.edit('contacts', contact, { _parentcustomerid_value: demoAccountId('markt') });
    expect((await round()).reported).toBe(0);
    expect(await primaryOf(contact)).toBe(practices.markt);
  });

  it('moves to another practice of the person when the CRM removes their membership', async () => {
    const practices = await demoPracticeIds(db());
    const contact = guid(700);
    crm.standIn.edit('contacts', contact, {
      lastname: 'Wechsel',
      emailaddress1: 'wechsel.700@example.com',
      _parentcustomerid_value: demoAccountId('markt'),
    });
    for (const [n, practice] of [
      [701, 'sommer'],
      [702, 'markt'],
    ] as const) {
      crm.standIn.edit('pp_memberships', guid(n), {
        _pp_contactid_value: contact,
        _pp_accountid_value: demoAccountId(practice),
      });
    }
    expect((await round()).reported).toBe(0);
    crm.standIn.edit('contacts', contact, { lastname: 'Wechsel-Zwei' });
    expect((await round()).reported).toBe(0);
    expect(await primaryOf(contact)).toBe(practices.markt);
    // As when one leaves a practice in the portal: another practice they are a member of.
    crm.standIn.remove('pp_memberships', guid(702));
    expect((await round()).removed).toBe(1);
    expect(await primaryOf(contact)).toBe(practices.sommer);
  });
});
