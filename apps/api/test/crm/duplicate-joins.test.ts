import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { EmployeesSchema } from '@pp/contract';
import { demoAccountId, demoLocationId } from '@pp/dataverse-stand-in';
import {
  auditLog,
  crmLinks,
  crmSyncState,
  locationAssignments,
  memberships,
} from '../../src/db/schema.ts';
import { OPERATOR_TOKEN, useSyncedCrm } from '../support/crm.ts';
import { demo, demoPracticeIds } from '../support/demo.ts';

// Outside probe of issue 44, H2, against the stand-in Dataverse: Dynamics lets a CRM user create
// a second membership of the same contact and account (or a second assignment of the same
// location and contact). The first linked keeps the portal's record; the second is reported
// once (per version), and removing or deactivating it changes nothing in the portal. Only when
// the linked one goes does the portal's record go, and the duplicate is taken at its next change
// or the next full read (docs/product.md §1).

/** A GUID of its own for each record a test creates in the CRM. */
const guid = (n: number) => `4545${String(n).padStart(4, '0')}-0000-4000-8000-000000000045`;
const ROLE = { member: 100000000, admin: 100000001, superadmin: 100000002 } as const;
const LINKED_ELSEWHERE = {
  membership: "the portal's membership is already linked to another CRM record",
  locationAssignment: "the portal's location assignment is already linked to another CRM record",
};

describe('two CRM records for one membership or location assignment', () => {
  const { crm, db, round } = useSyncedCrm({ pageSize: 50, env: { OPERATOR_TOKEN } });
  const sommer = demoAccountId('sommer');
  const reports = async (crmId: string) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'crm.record.reported'), eq(auditLog.entityId, crmId)));
  const operatorReasons = async () =>
    (
      (
        await crm.app.inject({
          url: '/operator/crm',
          headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
        })
      ).json() as { reported: { crmId: string; reason: string }[] }
    ).reported;
  /** The next round reads everything again, as after a change token the CRM no longer takes. */
  const fullRead = async () => {
    await db().update(crmSyncState).set({ token: null });
    return round();
  };
  const membershipOf = async (contact: string) => {
    const { sommer: practice } = await demoPracticeIds(db());
    return db()
      .select({ role: memberships.role, status: memberships.status })
      .from(memberships)
      .where(and(eq(memberships.customerId, contact), eq(memberships.companyId, practice)));
  };
  const linkOf = async (entity: string, crmId: string) =>
    (
      await db()
        .select()
        .from(crmLinks)
        .where(and(eq(crmLinks.entity, entity), sql`${crmLinks.crmId} = ${crmId}::uuid`))
    )[0]?.portalKey;
  /** The practice's staff list as its superadmin sees it. */
  const staffEntry = async (email: string) => {
    const { sommer: companyId } = await demoPracticeIds(db());
    const answer = await crm.client.employee.getEmployees({
      token: await crm.issuer.tokenFor(demo.anna),
      query: { companyId, pageSize: 100 },
    });
    return EmployeesSchema.parse(answer.json()).employees.find((e) => e.email === email);
  };
  /** A contact made in the CRM with a membership of the practice "sommer", taken by a round. */
  const memberInCrm = async (n: number, role: keyof typeof ROLE) => {
    const contact = guid(n);
    const email = `doppelt.${n}@example.com`;
    crm.standIn.edit('contacts', contact, {
      firstname: 'Dora',
      lastname: 'Doppelt',
      emailaddress1: email,
    });
    const first = guid(n + 1);
    crm.standIn.edit('pp_memberships', first, {
      _pp_contactid_value: contact,
      _pp_accountid_value: sommer,
      pp_role: ROLE[role],
    });
    expect((await round()).reported).toBe(0);
    expect(await linkOf('membership', first)).toBeDefined();
    return { contact, email, first, second: guid(n + 2) };
  };
  const duplicate = (person: { contact: string; second: string }, role: keyof typeof ROLE) =>
    crm.standIn.edit('pp_memberships', person.second, {
      _pp_contactid_value: person.contact,
      _pp_accountid_value: sommer,
      pp_role: ROLE[role],
    });

  it('reports a second membership once and keeps the first linked, the portal unchanged', async () => {
    const person = await memberInCrm(100, 'admin');
    const key = await linkOf('membership', person.first);
    duplicate(person, 'member');
    // Alone on the round's page: taken in a batch.
    expect((await round()).reported).toBe(1);
    expect(await reports(person.second)).toHaveLength(1);
    expect(await operatorReasons()).toContainEqual({
      entity: 'membership',
      crmId: person.second,
      reason: LINKED_ELSEWHERE.membership,
      reportedAt: expect.any(String),
    });
    expect(await linkOf('membership', person.first)).toBe(key);
    expect(await linkOf('membership', person.second)).toBeUndefined();
    expect(await membershipOf(person.contact)).toEqual([{ role: 'admin', status: 'enabled' }]);
    // Neither a round of changes nor a full read (both records on one page) reports it again.
    expect((await round()).reported).toBe(0);
    expect((await fullRead()).reported).toBe(0);
    expect(await reports(person.second)).toHaveLength(1);
    expect(await linkOf('membership', person.first)).toBe(key);
    expect(await membershipOf(person.contact)).toEqual([{ role: 'admin', status: 'enabled' }]);
  });

  it('keeps the person in the staff list when the duplicate is deleted in the CRM', async () => {
    const person = await memberInCrm(200, 'admin');
    duplicate(person, 'admin');
    expect((await round()).reported).toBe(1);
    crm.standIn.remove('pp_memberships', person.second);
    expect(await round()).toMatchObject({ removed: 0, reported: 0 });
    expect(await staffEntry(person.email)).toMatchObject({ role: 'admin', status: 'enabled' });
    expect(await linkOf('membership', person.first)).toBeDefined();
    expect((await operatorReasons()).map((r) => r.crmId)).not.toContain(person.second);
    // And a full read afterwards finds the first, still linked: nothing removed.
    expect(await fullRead()).toMatchObject({ reported: 0 });
    expect(await staffEntry(person.email)).toMatchObject({ role: 'admin', status: 'enabled' });
  });

  it('keeps the membership enabled when the duplicate is deactivated in the CRM', async () => {
    const person = await memberInCrm(300, 'member');
    duplicate(person, 'member');
    expect((await round()).reported).toBe(1);
    crm.standIn.edit('pp_memberships', person.second, { statecode: 1 });
    // A new version of the duplicate: reported again, taken no more than before.
    expect((await round()).reported).toBe(1);
    expect(await membershipOf(person.contact)).toEqual([{ role: 'member', status: 'enabled' }]);
    expect(await staffEntry(person.email)).toMatchObject({ role: 'member', status: 'enabled' });
  });

  it("keeps the linked membership's role when the duplicate's role changes", async () => {
    const person = await memberInCrm(400, 'member');
    duplicate(person, 'member');
    expect((await round()).reported).toBe(1);
    crm.standIn.edit('pp_memberships', person.second, { pp_role: ROLE.superadmin });
    await round();
    expect(await membershipOf(person.contact)).toEqual([{ role: 'member', status: 'enabled' }]);
    // The linked one's own change still arrives.
    crm.standIn.edit('pp_memberships', person.first, { pp_role: ROLE.admin });
    expect((await round()).reported).toBe(0);
    expect(await membershipOf(person.contact)).toEqual([{ role: 'admin', status: 'enabled' }]);
  });

  it('links one of two memberships created in the same round and reports the other', async () => {
    const contact = guid(500);
    crm.standIn.edit('contacts', contact, {
      lastname: 'Zugleich',
      emailaddress1: 'zugleich.500@example.com',
    });
    // One page, both naming the same pair: taken one by one.
    for (const n of [501, 502]) {
      crm.standIn.edit('pp_memberships', guid(n), {
        _pp_contactid_value: contact,
        _pp_accountid_value: sommer,
        pp_role: n === 501 ? ROLE.admin : ROLE.member,
      });
    }
    expect((await round()).reported).toBe(1);
    const linked = [await linkOf('membership', guid(501)), await linkOf('membership', guid(502))];
    expect(linked.filter((key) => key !== undefined)).toHaveLength(1);
    const reported = linked[0] === undefined ? guid(501) : guid(502);
    expect(await reports(reported)).toHaveLength(1);
    const role = linked[0] === undefined ? 'member' : 'admin';
    expect(await membershipOf(contact)).toEqual([{ role, status: 'enabled' }]);
  });

  it('removes the membership with the linked record; the duplicate comes at its next change', async () => {
    const person = await memberInCrm(600, 'admin');
    duplicate(person, 'member');
    expect((await round()).reported).toBe(1);
    crm.standIn.remove('pp_memberships', person.first);
    expect((await round()).removed).toBe(1);
    expect(await membershipOf(person.contact)).toEqual([]);
    crm.standIn.edit('pp_memberships', person.second, { pp_role: ROLE.admin });
    expect((await round()).reported).toBe(0);
    expect(await linkOf('membership', person.second)).toBeDefined();
    expect(await membershipOf(person.contact)).toEqual([{ role: 'admin', status: 'enabled' }]);
    expect((await operatorReasons()).map((r) => r.crmId)).not.toContain(person.second);
  });

  it('takes the duplicate at the next full read when the linked record was removed', async () => {
    const person = await memberInCrm(700, 'admin');
    duplicate(person, 'member');
    expect((await round()).reported).toBe(1);
    crm.standIn.remove('pp_memberships', person.first);
    expect((await round()).removed).toBe(1);
    expect(await fullRead()).toMatchObject({ reported: 0 });
    expect(await linkOf('membership', person.second)).toBeDefined();
    expect(await membershipOf(person.contact)).toEqual([{ role: 'member', status: 'enabled' }]);
  });

  it('reports a second location assignment once; deleting it keeps the person assigned', async () => {
    const person = await memberInCrm(800, 'member');
    const location = demoLocationId('sommer', 0);
    const first = guid(811);
    const second = guid(812);
    const assign = (id: string) =>
      crm.standIn.edit('pp_locationassignments', id, {
        _pp_locationid_value: location,
        _pp_contactid_value: person.contact,
      });
    assign(first);
    expect((await round()).reported).toBe(0);
    const key = await linkOf('locationAssignment', first);
    expect(key).toBeDefined();
    const assigned = () =>
      db()
        .select({ location: locationAssignments.locationId })
        .from(locationAssignments)
        .where(eq(locationAssignments.customerId, person.contact));
    expect(await assigned()).toHaveLength(1);
    assign(second);
    expect((await round()).reported).toBe(1);
    expect(await operatorReasons()).toContainEqual(
      expect.objectContaining({ crmId: second, reason: LINKED_ELSEWHERE.locationAssignment }),
    );
    expect(await linkOf('locationAssignment', first)).toBe(key);
    expect((await fullRead()).reported).toBe(0);
    crm.standIn.remove('pp_locationassignments', second);
    expect(await round()).toMatchObject({ removed: 0, reported: 0 });
    expect(await assigned()).toHaveLength(1);
    expect(await linkOf('locationAssignment', first)).toBe(key);
    expect(await reports(second)).toHaveLength(1);
  });
});
