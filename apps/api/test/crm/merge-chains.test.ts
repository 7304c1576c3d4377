import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoAccountId, demoLocationId } from '@pp/dataverse-stand-in';
import {
  auditLog,
  crmLinks,
  crmReports,
  customers,
  locationAssignments,
  memberships,
} from '../../src/db/schema.ts';
import { useCrm, type CrmContext } from '../support/crm.ts';

// Outside probe of issue 44, N3: two merges before a sync round — contact X merged into B, then B
// into C — removed X's person for good. The sync judged X→B alone: B inactive, so X's person went
// ("the record it was merged into is not active"), its sign-in set aside under X, C came in as a
// new person without memberships, and X's membership (naming C in the CRM) stayed reported. The
// person follows the active end of the chain instead (docs/product.md §1), with memberships and
// location assignments.

/** A GUID of its own for each record a test creates in the CRM (ordered as the numbers). */
const guid = (n: number) => `5050${String(n).padStart(4, '0')}-0000-4000-8000-000000000050`;

/** What the tests share: a member of "sommer" assigned to one of its locations, by the CRM. */
function chainHelpers(crm: CrmContext) {
  const db = () => crm.db.database.db;
  const sommer = demoAccountId('sommer');
  const round = async () => {
    const outcome = await crm.connector.syncNow();
    expect(outcome.failed).toEqual([]);
    return outcome;
  };
  const person = async (id: string) =>
    (await db().select().from(customers).where(eq(customers.id, id)))[0];
  const linkOf = async (entity: string, crmId: string) =>
    (
      await db()
        .select()
        .from(crmLinks)
        .where(and(eq(crmLinks.entity, entity), sql`${crmLinks.crmId} = ${crmId}::uuid`))
    )[0]?.portalKey;
  const reports = () => db().select({ crmId: crmReports.crmId }).from(crmReports);
  const customerData = async (email: string) =>
    crm.client.customer.getCustomerData({ token: await crm.issuer.tokenFor(email) });

  /** X with a membership and a location assignment, signed in; B and C, other contacts. */
  const chainOf = async (n: number) => {
    const [x, b, c] = [guid(n), guid(n + 10), guid(n + 20)];
    const email = `kette.${n}@example.com`;
    crm.standIn.edit('contacts', x, { firstname: 'Karl', lastname: 'Kette', emailaddress1: email });
    crm.standIn.edit('pp_memberships', guid(n + 1), {
      _pp_contactid_value: x,
      _pp_accountid_value: sommer,
    });
    crm.standIn.edit('pp_locationassignments', guid(n + 2), {
      _pp_locationid_value: demoLocationId('sommer', 0),
      _pp_contactid_value: x,
    });
    expect((await round()).reported).toBe(0);
    expect((await customerData(email)).json()).toMatchObject({ customerId: x });
    crm.standIn.edit('contacts', b, {
      lastname: 'Kette-Mitte',
      emailaddress1: `mitte.${n}@example.com`,
    });
    crm.standIn.edit('contacts', c, {
      lastname: 'Kette-Ende',
      emailaddress1: `ende.${n}@example.com`,
    });
    const end = `ende.${n}@example.com`;
    return { x, b, c, email, end, membership: guid(n + 1), assignment: guid(n + 2) };
  };

  /** After one round: X's person, with everything it had, is C's. */
  const expectFollowed = async (chain: Awaited<ReturnType<typeof chainOf>>) => {
    const outcome = await round();
    expect(outcome.removed).toBe(0);
    expect(await person(chain.x)).toMatchObject({ lastName: 'Kette-Ende', email: chain.end });
    expect(await person(chain.b)).toBeUndefined();
    expect(await person(chain.c)).toBeUndefined();
    expect(await linkOf('customer', chain.c)).toBe(chain.x);
    expect(await linkOf('customer', chain.x)).toBeUndefined();
    expect(await linkOf('customer', chain.b)).toBeUndefined();
    expect(
      await db()
        .select({ companyId: memberships.companyId })
        .from(memberships)
        .where(eq(memberships.customerId, chain.x)),
    ).toHaveLength(1);
    expect(
      await db()
        .select({ locationId: locationAssignments.locationId })
        .from(locationAssignments)
        .where(eq(locationAssignments.customerId, chain.x)),
    ).toHaveLength(1);
    expect(await linkOf('membership', chain.membership)).toBeDefined();
    expect(await linkOf('locationAssignment', chain.assignment)).toBeDefined();
    expect(await reports()).toEqual([]);
    // The audit log names the whole chain.
    const merged = await db()
      .select({ data: auditLog.data })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'crm.record.merged'), eq(auditLog.entityId, chain.x)));
    expect(merged).toEqual([
      { data: { crmId: chain.x, master: chain.c, through: [chain.b], kept: true } },
    ]);
    // The person signs in as before: nothing was set aside.
    expect((await customerData(chain.email)).json()).toMatchObject({ customerId: chain.x });
    // A later change of C is a change of the person.
    crm.standIn.edit('contacts', chain.c, { lastname: 'Kette-Später' });
    await round();
    expect(await person(chain.x)).toMatchObject({ lastName: 'Kette-Später' });
  };

  return { chainOf, expectFollowed, round, person };
}

describe('a chain of merges, the memberships moved with them', () => {
  const crm = useCrm({ pageSize: 50 });
  beforeAll(async () => {
    await crm.connector.connect();
    expect((await crm.connector.syncNow()).failed).toEqual([]);
  });
  const { chainOf, expectFollowed, round, person } = chainHelpers(crm);

  it('keeps the person at the end of the chain the moved membership names', async () => {
    const chain = await chainOf(100);
    crm.standIn.merge('contacts', chain.b, chain.x);
    crm.standIn.merge('contacts', chain.c, chain.b);
    expect(crm.standIn.record('pp_memberships', chain.membership)).toMatchObject({
      _pp_contactid_value: chain.c,
    });
    await expectFollowed(chain);
  });

  it('removes the person when the chain comes back to itself or goes on too long', async () => {
    // Dynamics merges only active records; a CRM that answered otherwise must not hold the
    // sync up. Y merged into Y2 and Y2 into Y; Z merged seven times in a row.
    const y = await chainOf(300);
    const z = await chainOf(400);
    const mergedInto = (id: string, master: string) =>
      crm.standIn.edit('contacts', id, {
        statecode: 1,
        statuscode: 2,
        merged: true,
        _masterid_value: master,
      });
    mergedInto(y.x, y.b);
    mergedInto(y.b, y.x);
    const keys = [z.x, ...Array.from({ length: 7 }, (_, i) => guid(450 + i))];
    for (const [i, key] of keys.slice(1).entries()) {
      crm.standIn.edit('contacts', key, { lastname: 'Glied', emailaddress1: `glied.${i}@x.de` });
    }
    for (let i = 0; i + 1 < keys.length; i++) mergedInto(keys[i]!, keys[i + 1]!);
    crm.logs.length = 0;
    await round();
    expect(await person(y.x)).toBeUndefined();
    expect(await person(z.x)).toBeUndefined();
    expect(await person(keys.at(-1)!)).toBeUndefined();
    const inactive =
      "a merged CRM record's portal record is removed: the record it was merged into is not active in the CRM";
    for (const crmId of [y.x, z.x]) {
      expect(
        crm.logs.filter((line) => line.includes(crmId) && line.includes(inactive)),
      ).toHaveLength(1);
    }
  });
});

// The memberships stay with the subordinates (Merge NoCascade): the contacts' changes alone tell
// of the merges. With 50 records a page the chain is on one page; with one a page, X's merge
// comes first and B, read by key, turns out to be merged itself.
describe.each([50, 1])('a chain of merges read with %i records a page', (pageSize) => {
  const crm = useCrm({ pageSize });
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
  const { chainOf, expectFollowed } = chainHelpers(crm);

  it('keeps the person at the end of the chain', async () => {
    const chain = await chainOf(200);
    crm.standIn.merge('contacts', chain.b, chain.x);
    crm.standIn.merge('contacts', chain.c, chain.b);
    await expectFollowed(chain);
  });
});
