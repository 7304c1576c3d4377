import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoAccountId, demoContactId } from '@pp/dataverse-stand-in';
import { sharedBudget, type RequestBudget } from '../../src/crm-sync/budget.ts';
import { type CrmConnector } from '../../src/crm-sync/connector.ts';
import type { CrmLog } from '../../src/crm-sync/crm-client.ts';
import {
  companies,
  crmLinks,
  crmOutbox,
  customers,
  memberships,
  rateLimits,
} from '../../src/db/schema.ts';
import { crmConnectorFor, useCrm, type CrmContext } from '../support/crm.ts';
import { customerIdOf, demo, demoPracticeIds } from '../support/demo.ts';

// Issue 44, findings 3 and 4, against the stand-in Dataverse: the full read after an expired
// change token removes what the CRM deleted meanwhile, and the sync's rounds, like the outbox,
// leave the CRM alone for as long as its Retry-After asks, on every instance, and all instances
// together stay within the portal's share of Dataverse's service protection limits.

const silent = { info: () => {}, warn: () => {}, error: () => {} } as unknown as CrmLog;

function connectorFor(context: CrmContext, log: CrmLog, budget?: RequestBudget): CrmConnector {
  return crmConnectorFor(context, log, { pageSize: 2, budget });
}

function useSyncedCrm(): CrmContext {
  const context = useCrm({ pageSize: 2 });
  beforeAll(async () => {
    await context.connector.connect();
    expect((await context.connector.syncNow()).failed).toEqual([]);
    await context.connector.pushNow();
  });
  return context;
}

describe('the full read after an expired change token', () => {
  const crm = useSyncedCrm();
  const db = () => crm.db.database.db;
  const linked = async (entity: string, crmId: string) =>
    (
      await db()
        .select()
        .from(crmLinks)
        .where(and(eq(crmLinks.entity, entity), eq(crmLinks.crmId, crmId)))
    )[0];

  /** A row's values as a CRM user would copy them into a new one. */
  const like = (entitySet: string, id: string, key: string) => {
    const row: Record<string, unknown> = { ...crm.standIn.record(entitySet, id) };
    for (const name of ['@odata.etag', key, 'versionnumber', 'modifiedon', 'fullname']) {
      delete row[name];
    }
    return row;
  };

  it('removes the contacts, accounts and memberships the CRM deleted meanwhile, and keeps the rest', async () => {
    // A contact made in the CRM with a membership, taken into the portal by a sync round.
    const contact = '7a000000-0000-4000-8000-000000000001';
    const contactMembership = '7a000000-0000-4000-8000-000000000002';
    crm.standIn.edit('contacts', contact, {
      ...like('contacts', demoContactId(demo.clara), 'contactid'),
      emailaddress1: 'geht@example.com',
      firstname: 'Greta',
      lastname: 'Geht',
    });
    crm.standIn.edit('pp_memberships', contactMembership, {
      _pp_contactid_value: contact,
      _pp_accountid_value: demoAccountId('sommer'),
    });
    expect(await crm.connector.syncNow()).toMatchObject({ failed: [], reported: 0 });
    expect(await db().select().from(customers).where(eq(customers.id, contact))).toHaveLength(1);
    const { markt, sommer } = await demoPracticeIds(db());
    const clara = await customerIdOf(db(), demo.clara);
    const claraAtSommer = () =>
      db()
        .select()
        .from(memberships)
        .where(and(eq(memberships.customerId, clara), eq(memberships.companyId, sommer)));
    expect(await claraAtSommer()).toHaveLength(1);
    const claraMembership = crm.standIn
      .table('pp_memberships')
      .find((row) => row._pp_contactid_value === demoContactId(demo.clara))!
      .pp_membershipid as string;

    // A practice made in the portal whose creation has not reached the CRM yet.
    const created = await crm.client.company.createCompany({
      token: await crm.issuer.tokenFor(demo.anna),
      body: { name: 'Praxis Neu', street: 'Neuweg 1', postalCode: '10115', city: 'Berlin' },
    });
    expect(created.statusCode).toBe(201);
    const { companyId } = created.json() as { companyId: string };

    // Removed in the CRM, and then the change token expires before the next round.
    // Dataverse removes an account's locations and memberships with it, and a location's
    // assignments (parental relationships).
    // Dataverse removes a contact's memberships with it (a parental relationship).
    crm.standIn.remove('pp_memberships', contactMembership);
    crm.standIn.remove('contacts', contact);
    const marktAccount = demoAccountId('markt');
    const atMarkt = (set: string) =>
      crm.standIn.table(set).filter((row) => row._pp_accountid_value === marktAccount);
    const locations = atMarkt('pp_locations').map((row) => row.pp_locationid as string);
    for (const row of crm.standIn.table('pp_locationassignments')) {
      if (locations.includes(row._pp_locationid_value as string)) {
        crm.standIn.remove('pp_locationassignments', row.pp_locationassignmentid as string);
      }
    }
    for (const location of locations) crm.standIn.remove('pp_locations', location);
    for (const row of atMarkt('pp_memberships')) {
      crm.standIn.remove('pp_memberships', row.pp_membershipid as string);
    }
    crm.standIn.remove('accounts', marktAccount);
    crm.standIn.remove('pp_memberships', claraMembership);
    crm.standIn.expireChangeTracking();
    crm.standIn.seen.length = 0;
    const outcome = await crm.connector.syncNow();
    expect(outcome.failed).toEqual([]);
    // The recovery did read everything again.
    expect(crm.standIn.seen.some((r) => r.status === 400)).toBe(true);
    expect(crm.logs.some((l) => l.includes('refused the change token'))).toBe(true);

    expect(await db().select().from(customers).where(eq(customers.id, contact))).toEqual([]);
    expect(await db().select().from(companies).where(eq(companies.id, markt))).toEqual([]);
    expect(await claraAtSommer()).toEqual([]);
    expect(await linked('customer', contact)).toBeUndefined();
    expect(await linked('practice', marktAccount)).toBeUndefined();
    expect(await linked('membership', claraMembership)).toBeUndefined();
    expect(outcome.removed).toBeGreaterThanOrEqual(4);
    // What the CRM still has stays, and so does what the portal has not sent yet.
    expect(await db().select().from(companies).where(eq(companies.id, sommer))).toHaveLength(1);
    expect(await db().select().from(customers).where(eq(customers.id, clara))).toHaveLength(1);
    expect(await linked('customer', demoContactId(demo.ben))).toBeDefined();
    expect(await db().select().from(companies).where(eq(companies.id, companyId))).toHaveLength(1);
    await crm.connector.pushNow();
    expect(crm.standIn.record('accounts', companyId)).toMatchObject({ name: 'Praxis Neu' });
    // The next round uses change tracking again.
    crm.standIn.seen.length = 0;
    expect((await crm.connector.syncNow()).failed).toEqual([]);
    // (Besides WhoAmI, which each round asks: the organisation the portal syncs with.)
    const reads = crm.standIn.seen.filter((r) => !r.path.endsWith('/WhoAmI'));
    expect(reads.every((r) => r.query.$deltatoken !== undefined)).toBe(true);
  });
});

describe('sync rounds while the CRM throttles', () => {
  const crm = useSyncedCrm();
  const db = () => crm.db.database.db;
  const gets = () => crm.standIn.seen.filter((r) => r.method === 'GET').length;

  it('send no request within Retry-After, on any instance, and resume once it passed', async () => {
    crm.standIn.setThrottle({ seconds: 2 });
    crm.standIn.seen.length = 0;
    const busy = await crm.connector.syncNow();
    expect(busy.failed.length).toBeGreaterThan(0);
    // One refused GET ends the round: the other kinds would only be refused as well.
    expect(gets()).toBe(1);
    expect(busy.crmAwayMs).toBeGreaterThan(1000);

    crm.standIn.seen.length = 0;
    const again = await crm.connector.syncNow();
    expect(again.crmAwayMs).toBeGreaterThan(0);
    // Another instance on the same database waits too, and so do the outbox's pushes.
    const other = connectorFor(crm, silent);
    await other.syncNow();
    await crm.client.customer.updateCustomerData({
      token: await crm.issuer.tokenFor(demo.anna),
      body: { phone: '+49 30 4444' },
    });
    expect(await crm.connector.pushNow()).toMatchObject({ pushed: 0 });
    expect(await other.pushNow()).toMatchObject({ pushed: 0 });
    expect(crm.standIn.seen).toEqual([]);

    await new Promise((resolve) => setTimeout(resolve, (again.crmAwayMs ?? 0) + 50));
    const back = await crm.connector.syncNow();
    expect(back.failed).toEqual([]);
    expect(gets()).toBeGreaterThanOrEqual(5);
    await db()
      .update(crmOutbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(crmOutbox.status, 'waiting'));
    expect(await crm.connector.pushNow()).toMatchObject({ pushed: 1 });
    expect(crm.standIn.record('contacts', demoContactId(demo.anna))).toMatchObject({
      telephone1: '+49 30 4444',
    });
  });

  it("keep every instance's requests within the share of the limits, counted together", async () => {
    await db().delete(rateLimits);
    // Two instances, each with its budget, counting in the same database: 4 requests a minute.
    const webApi = () => crm.standIn.seen.filter((r) => r.path.startsWith('/api/data/'));
    const first = connectorFor(crm, silent, sharedBudget(db(), 4));
    const second = connectorFor(crm, silent, sharedBudget(db(), 4));
    crm.standIn.seen.length = 0;
    const spent = await first.syncNow();
    expect(spent.failed.length).toBeGreaterThan(0);
    expect(spent.crmAwayMs).toBeGreaterThan(0);
    expect(webApi()).toHaveLength(4);
    // The rest of the minute every instance waits; told nothing of it, the second one still
    // finds the minute's requests spent, and sends none.
    expect((await second.syncNow()).crmAwayMs).toBeGreaterThan(0);
    await db().delete(rateLimits).where(eq(rateLimits.key, 'crm-sync:away'));
    const other = await second.syncNow();
    expect(other.failed.length).toBeGreaterThan(0);
    expect(webApi()).toHaveLength(4);
  });
});
