import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CompanySchema, EmployeesSchema } from '@pp/contract';
import { demoAccountId, demoLocationId, ROLE_VALUES } from '@pp/dataverse-stand-in';
import { crmLinks, customers, locationAssignments, memberships } from '../../src/db/schema.ts';
import { OPERATOR_TOKEN, useCrm } from '../support/crm.ts';
import { customerIdOf, demo, demoPracticeIds } from '../support/demo.ts';

// A membership or location assignment a CRM user re-points to another contact, account or
// location (docs/product.md §1): the portal's record moves, as if the CRM had removed it and
// added one naming the new records — the old row goes, the new one comes with the record's
// values, and the link follows it, so that the portal's own changes reach the same CRM record.
// The rules of an added record hold: a duplicate of a membership the new person has is
// reported, not merged, and what the portal's database refuses is reported.

/** A GUID of its own for each record a test creates in the CRM. */
const guid = (n: number) => `5151${String(n).padStart(4, '0')}-0000-4000-8000-000000000051`;
const LINKED_ELSEWHERE = "the portal's membership is already linked to another CRM record";

describe('a membership or location assignment re-pointed in the CRM', () => {
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
  const sommer = demoAccountId('sommer');
  const markt = demoAccountId('markt');
  /** The portal key a CRM record is linked to. */
  const linkOf = async (entity: string, crmId: string) =>
    (
      await db()
        .select()
        .from(crmLinks)
        .where(and(eq(crmLinks.entity, entity), sql`${crmLinks.crmId} = ${crmId}::uuid`))
    )[0]?.portalKey;
  const membershipsOf = (contact: string) =>
    db()
      .select({
        companyId: memberships.companyId,
        role: memberships.role,
        status: memberships.status,
      })
      .from(memberships)
      .where(eq(memberships.customerId, contact));
  const superadminsOf = async (companyId: string) =>
    (
      await db()
        .select({ customerId: memberships.customerId })
        .from(memberships)
        .where(and(eq(memberships.companyId, companyId), eq(memberships.role, 'superadmin')))
    ).map((row) => row.customerId);
  const primaryOf = async (contact: string) =>
    (await db().select().from(customers).where(eq(customers.id, contact)))[0]?.primaryCompanyId;
  const reasonsOf = async (crmId: string) =>
    (
      (
        await crm.app.inject({
          url: '/operator/crm',
          headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
        })
      ).json() as { reported: { crmId: string; reason: string }[] }
    ).reported
      .filter((report) => report.crmId === crmId)
      .map((report) => report.reason);
  /** A contact made in the CRM, a member of `account` by the membership `id`. */
  const member = (
    contact: string,
    id: string,
    account: string,
    role: keyof typeof ROLE_VALUES = 'member',
  ) => {
    crm.standIn.edit('contacts', contact, {
      lastname: 'Umzug',
      emailaddress1: `umzug.${contact.slice(4, 8)}@example.com`,
    });
    crm.standIn.edit('pp_memberships', id, {
      _pp_contactid_value: contact,
      _pp_accountid_value: account,
      pp_role: ROLE_VALUES[role],
    });
  };

  it('moves a membership re-pointed to another contact, and the portal writes to it there', async () => {
    const practices = await demoPracticeIds(db());
    const [from, to, id] = [guid(1), guid(2), guid(3)];
    member(from, id, sommer, 'admin');
    member(to, guid(4), markt);
    expect((await round()).reported).toBe(0);
    expect(await primaryOf(from)).toBe(practices.sommer);

    crm.standIn.edit('pp_memberships', id, { _pp_contactid_value: to });
    expect((await round()).reported).toBe(0);
    // The old person is no member any more, and keeps no primary practice they left (they have
    // no other); the new one is, with the record's role, and keeps their own primary practice.
    expect(await membershipsOf(from)).toEqual([]);
    expect(await primaryOf(from)).toBeNull();
    expect(await membershipsOf(to)).toEqual(
      expect.arrayContaining([{ companyId: practices.sommer, role: 'admin', status: 'enabled' }]),
    );
    expect(await primaryOf(to)).toBe(practices.markt);
    expect(await linkOf('membership', id)).toBe(`${to}:${practices.sommer}`);
    const staff = EmployeesSchema.parse(
      (
        await crm.client.employee.getEmployees({
          token: await crm.issuer.tokenFor(demo.anna),
          query: { companyId: practices.sommer, pageSize: 100 },
        })
      ).json(),
    ).employees.map((employee) => employee.email);
    expect(staff).toContain(`umzug.${to.slice(4, 8)}@example.com`);
    expect(staff).not.toContain(`umzug.${from.slice(4, 8)}@example.com`);

    // The superadmin makes the new person a member: the write reaches the record re-pointed.
    const changed = await crm.client.employee.changeRole({
      token: await crm.issuer.tokenFor(demo.anna),
      body: { companyId: practices.sommer, customerId: to, role: 'member' },
    });
    expect(changed.statusCode).toBe(200);
    expect(await crm.connector.pushNow()).toMatchObject({ parked: 0 });
    expect(crm.standIn.record('pp_memberships', id)).toMatchObject({
      _pp_contactid_value: to,
      pp_role: ROLE_VALUES.member,
    });
  });

  it('moves a membership re-pointed to another account, with its values', async () => {
    const practices = await demoPracticeIds(db());
    const [contact, id] = [guid(11), guid(12)];
    member(contact, id, sommer);
    expect((await round()).reported).toBe(0);

    crm.standIn.edit('pp_memberships', id, {
      _pp_accountid_value: markt,
      pp_role: ROLE_VALUES.admin,
    });
    expect((await round()).reported).toBe(0);
    expect(await membershipsOf(contact)).toEqual([
      { companyId: practices.markt, role: 'admin', status: 'enabled' },
    ]);
    // Its primary practice follows, as when one leaves a practice and joins another in the portal.
    expect(await primaryOf(contact)).toBe(practices.markt);
    expect(await linkOf('membership', id)).toBe(`${contact}:${practices.markt}`);
  });

  it('reports one re-pointed onto a membership the new person has, and leaves that one as it is', async () => {
    const practices = await demoPracticeIds(db());
    const [from, to, id, theirs] = [guid(21), guid(22), guid(23), guid(24)];
    member(from, id, sommer);
    member(to, theirs, sommer, 'admin');
    expect((await round()).reported).toBe(0);

    crm.standIn.edit('pp_memberships', id, { _pp_contactid_value: to });
    expect((await round()).reported).toBe(1);
    expect(await reasonsOf(id)).toEqual([LINKED_ELSEWHERE]);
    // As if removed and added again: the old person's membership goes, the new person's is not
    // merged with the duplicate.
    expect(await membershipsOf(from)).toEqual([]);
    expect(await membershipsOf(to)).toEqual([
      { companyId: practices.sommer, role: 'admin', status: 'enabled' },
    ]);
    expect(await linkOf('membership', id)).toBeUndefined();
    expect(await linkOf('membership', theirs)).toBe(`${to}:${practices.sommer}`);
  });

  it("hands a superadmin's membership re-pointed to another contact on, with the role", async () => {
    const account = guid(31);
    const [owner, heir, id] = [guid(32), guid(33), guid(34)];
    crm.standIn.edit('accounts', account, { name: 'Praxis Umzug', address1_country: 'DE' });
    member(owner, id, account, 'superadmin');
    member(heir, guid(35), markt);
    expect((await round()).reported).toBe(0);
    expect(await superadminsOf(account)).toEqual([owner]);

    crm.standIn.edit('pp_memberships', id, { _pp_contactid_value: heir });
    expect((await round()).reported).toBe(0);
    expect(await superadminsOf(account)).toEqual([heir]);
    expect(await membershipsOf(owner)).toEqual([]);
    const company = await crm.client.company.getCompany({
      token: await crm.issuer.tokenFor(`umzug.${heir.slice(4, 8)}@example.com`),
      query: { companyId: account },
    });
    expect(CompanySchema.parse(company.json())).toMatchObject({ role: 'superadmin' });
  });

  it("reports a superadmin's membership re-pointed to a practice that has one", async () => {
    const practices = await demoPracticeIds(db());
    const account = guid(41);
    const [owner, id] = [guid(42), guid(43)];
    crm.standIn.edit('accounts', account, { name: 'Praxis Fortzug', address1_country: 'DE' });
    member(owner, id, account, 'superadmin');
    expect((await round()).reported).toBe(0);

    crm.standIn.edit('pp_memberships', id, { _pp_accountid_value: sommer });
    expect((await round()).reported).toBe(1);
    expect(await reasonsOf(id)).toEqual([
      "the portal's database refused it: memberships_one_superadmin_key",
    ]);
    // "Sommer" keeps its one superadmin. The practice it left has none, as after the CRM's
    // removal of its superadmin's membership: the sync's writes may leave a practice without
    // one until the CRM names one (docs/product.md §1).
    expect(await superadminsOf(practices.sommer)).toEqual([await customerIdOf(db(), demo.anna)]);
    expect(await membershipsOf(owner)).toEqual([]);
    expect(await superadminsOf(account)).toEqual([]);
    expect(await linkOf('membership', id)).toBeUndefined();
  });

  describe('a location assignment', () => {
    const assigned = (contact: string) =>
      db()
        .select({ locationId: locationAssignments.locationId })
        .from(locationAssignments)
        .where(eq(locationAssignments.customerId, contact));
    const [first, second] = [demoLocationId('sommer', 0), demoLocationId('sommer', 1)];
    const [contact, colleague, stranger, id] = [guid(51), guid(52), guid(53), guid(54)];

    beforeAll(async () => {
      member(contact, guid(55), sommer);
      member(colleague, guid(56), sommer);
      member(stranger, guid(57), markt);
      crm.standIn.edit('pp_locationassignments', id, {
        _pp_locationid_value: first,
        _pp_contactid_value: contact,
      });
      expect((await round()).reported).toBe(0);
      expect(await assigned(contact)).toEqual([{ locationId: await linkOf('location', first) }]);
    });

    it('moves to the location it is re-pointed to', async () => {
      crm.standIn.edit('pp_locationassignments', id, { _pp_locationid_value: second });
      expect((await round()).reported).toBe(0);
      const location = (await linkOf('location', second))!;
      expect(await assigned(contact)).toEqual([{ locationId: location }]);
      expect(await linkOf('locationAssignment', id)).toBe(`${location}:${contact}`);
    });

    it('moves to the contact it is re-pointed to', async () => {
      crm.standIn.edit('pp_locationassignments', id, { _pp_contactid_value: colleague });
      expect((await round()).reported).toBe(0);
      const location = (await linkOf('location', second))!;
      expect(await assigned(contact)).toEqual([]);
      expect(await assigned(colleague)).toEqual([{ locationId: location }]);
      expect(await linkOf('locationAssignment', id)).toBe(`${location}:${colleague}`);
    });

    it('is reported when the contact is no member of the location’s practice', async () => {
      crm.standIn.edit('pp_locationassignments', id, { _pp_contactid_value: stranger });
      expect((await round()).reported).toBe(1);
      expect(await reasonsOf(id)).toEqual([
        "the portal's database refused it: location_assignments_membership_fk",
      ]);
      expect(await assigned(colleague)).toEqual([]);
      expect(await assigned(stranger)).toEqual([]);
      expect(await linkOf('locationAssignment', id)).toBeUndefined();
    });
  });
});
