import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  demoAccountId,
  organisationAccountId,
  organisationContactId,
  organisationPortalRows,
  practiceAccount,
  type OrganisationSize,
} from '@pp/dataverse-stand-in';
import {
  auditLog,
  companies,
  crmLinks,
  crmReports,
  crmSyncState,
  customers,
  memberships,
} from '../../src/db/schema.ts';
import { useCrm } from '../support/crm.ts';

// Issue 44, finding 6, against the stand-in Dataverse: an organisation's CRM holds many more
// contacts and accounts than the portal's. Only the portal's are mirrored — those its memberships,
// locations and assignments name, and those it had already (decision 0101); the rest is not
// stored and not reported, on the first import and afterwards. A record named later is fetched
// by key within the round; a record the portal cannot take is reported once per version.

/** Besides the demo data: 300 contacts and 60 accounts, 20 of the contacts in 4 practices. */
const SIZE: OrganisationSize = { contacts: 300, accounts: 60, portalContacts: 20, practices: 4 };
/** A contact no membership names, with an address (n % 10 !== 0) and without one (n = 290). */
const OUTSIDER = organisationContactId(201);
const OUTSIDER_WITHOUT_ADDRESS = organisationContactId(290);

describe('only the portal’s records of a large CRM', () => {
  const crm = useCrm({ pageSize: 50, standIn: { organisation: SIZE } });
  const db = () => crm.db.database.db;
  const count = async (table: typeof customers | typeof crmLinks | typeof crmReports) =>
    (
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(table)
    )[0]!.n;
  const auditReports = async () =>
    (
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(auditLog)
        .where(eq(auditLog.action, 'crm.record.reported'))
    )[0]!.n;
  const linksOf = async (entity: string) =>
    (await db().select().from(crmLinks).where(eq(crmLinks.entity, entity))).map((l) => l.crmId);

  beforeAll(async () => {
    await crm.connector.connect();
    expect((await crm.connector.syncNow()).failed).toEqual([]);
  });

  it('imports the contacts and accounts the portal’s tables name, and no others', async () => {
    const portal = organisationPortalRows(SIZE);
    const demoContacts = crm.standIn
      .table('contacts')
      .filter((row) => !organisationOwns(row.contactid as string)).length;
    const linkedContacts = await linksOf('customer');
    expect(linkedContacts).toHaveLength(demoContacts + SIZE.portalContacts);
    for (let n = 0; n < SIZE.portalContacts; n++) {
      expect(linkedContacts).toContain(organisationContactId(n));
    }
    const practices = Array.from({ length: SIZE.practices }, (_, p) =>
      organisationAccountId(practiceAccount(SIZE, p)),
    );
    const linkedAccounts = await linksOf('practice');
    expect(linkedAccounts).toHaveLength(2 + SIZE.practices);
    expect(linkedAccounts).toEqual(expect.arrayContaining([demoAccountId('sommer'), ...practices]));
    expect(await linksOf('membership')).toHaveLength(crm.standIn.table('pp_memberships').length);
    expect(portal.memberships.length).toBeGreaterThan(SIZE.portalContacts);
    // Nothing of the others: no row, no link, no report.
    expect(await db().select().from(customers).where(eq(customers.id, OUTSIDER))).toEqual([]);
    expect(
      await db()
        .select()
        .from(companies)
        .where(eq(companies.id, organisationAccountId(1))),
    ).toEqual([]);
    expect(await count(crmReports)).toBe(0);
    expect(await auditReports()).toBe(0);
  });

  it('stores nothing for a change to a contact the portal does not have', async () => {
    const before = [await count(customers), await count(crmLinks), await count(crmReports)];
    const audits = await auditReports();
    crm.standIn.edit('contacts', OUTSIDER, { lastname: 'Anders' });
    crm.standIn.edit('contacts', OUTSIDER_WITHOUT_ADDRESS, { lastname: 'Ohne' });
    const outcome = await crm.connector.syncNow();
    expect(outcome).toMatchObject({ failed: [], applied: 0, reported: 0 });
    expect([await count(customers), await count(crmLinks), await count(crmReports)]).toEqual(
      before,
    );
    expect(await auditReports()).toBe(audits);
  });

  it('brings a contact in within one round when a membership names it later', async () => {
    const membership = 'b0000000-0000-4000-8000-000000000006';
    crm.standIn.edit('pp_memberships', membership, {
      _pp_contactid_value: OUTSIDER,
      _pp_accountid_value: demoAccountId('sommer'),
    });
    crm.standIn.seen.length = 0;
    const outcome = await crm.connector.syncNow();
    expect(outcome).toMatchObject({ failed: [], reported: 0 });
    const [person] = await db().select().from(customers).where(eq(customers.id, OUTSIDER));
    expect(person).toMatchObject({ lastName: 'Anders' });
    expect(await linksOf('membership')).toContain(membership);
    expect(
      await db()
        .select()
        .from(memberships)
        .where(and(eq(memberships.customerId, OUTSIDER))),
    ).toHaveLength(1);
    // Read by key with Dataverse's In function, not by reading all contacts again; and one
    // question, by the same function, for contacts merged into it (docs/product.md §1).
    const inFunction = (property: string) =>
      crm.standIn.seen.filter(
        (r) =>
          r.path.endsWith('/contacts') &&
          (r.query.$filter ?? '').includes(`CRM.In(PropertyName='${property}'`),
      );
    const byKey = inFunction('contactid');
    expect(byKey).toHaveLength(1);
    expect(byKey[0]!.query.$filter).toContain(OUTSIDER);
    const merged = inFunction('masterid');
    expect(merged).toHaveLength(1);
    expect(merged[0]!.query.$filter).toContain(OUTSIDER);
  });

  it('reports a membership of a contact the portal cannot take once, also across full reads', async () => {
    const membership = 'b0000000-0000-4000-8000-000000000007';
    crm.standIn.edit('pp_memberships', membership, {
      _pp_contactid_value: OUTSIDER_WITHOUT_ADDRESS,
      _pp_accountid_value: demoAccountId('sommer'),
    });
    expect((await crm.connector.syncNow()).reported).toBe(2);
    const audits = await auditReports();
    expect(await count(crmReports)).toBe(2);
    // Unchanged: not reported again, neither in a round of changes nor in a full read.
    expect((await crm.connector.syncNow()).reported).toBe(0);
    await db().update(crmSyncState).set({ token: null });
    const full = await crm.connector.syncNow();
    expect(full).toMatchObject({ failed: [], reported: 0 });
    expect(await auditReports()).toBe(audits);
    // And the contacts nobody names are still not there.
    expect(
      await db().select().from(customers).where(eq(customers.id, OUTSIDER_WITHOUT_ADDRESS)),
    ).toEqual([]);
    expect(await linksOf('customer')).not.toContain(organisationContactId(202));
  });
});

/** Whether a key is one of the generated organisation's (`organisation.ts`: `-0001-4000-…`). */
function organisationOwns(id: string): boolean {
  return /^[0-9a-f]{8}-000[1-5]-4000-8000-/.test(id);
}
