import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CustomerSchema } from '@pp/contract';
import { demoAccountId, demoContactId } from '@pp/dataverse-stand-in';
import type { CrmLog } from '../../src/crm-sync/crm-client.ts';
import { takeRecord } from '../../src/crm-sync/sync/apply.ts';
import {
  auditLog,
  companies,
  crmLinks,
  crmNotices,
  crmOutbox,
  crmSyncState,
  customers,
  rateLimits,
} from '../../src/db/schema.ts';
import { OPERATOR_TOKEN, useCrm } from '../support/crm.ts';
import { useApi } from '../support/context.ts';
import { customerIdOf, demo, demoPracticeIds } from '../support/demo.ts';

// The portal with its customer records in a CRM (decision 0061), against the stand-in Dataverse
// (apps/dataverse-stand-in, which answers as Microsoft's Web API documentation describes): the
// first import, writes through the outbox, changes made in the CRM, picklists, and what happens
// when the CRM is busy, away or refuses a write. Rounds are run by the test (`syncNow`,
// `pushNow`) instead of the connector's timers, so each step is seen.

describe('the portal with its records in Dataverse', () => {
  const crm = useCrm({
    pageSize: 2,
    standIn: { tokenLifetimeSeconds: 3599 },
    env: { OPERATOR_TOKEN },
  });
  const db = () => crm.db.database.db;
  const log = { info: () => {}, warn: () => {}, error: () => {} } as unknown as CrmLog;
  const token = (email: string) => crm.issuer.tokenFor(email);
  const linkOf = async (entity: string, portalKey: string) => {
    const [link] = await db()
      .select()
      .from(crmLinks)
      .where(and(eq(crmLinks.entity, entity), eq(crmLinks.portalKey, portalKey)));
    return link;
  };
  const profile = async (email: string) =>
    CustomerSchema.parse(
      (await crm.client.customer.getCustomerData({ token: await token(email) })).json(),
    );
  /** Lets the time of the outbox's backoff and the CRM's Retry-After pass: every write is due. */
  const makeDue = async () => {
    await db().delete(rateLimits).where(eq(rateLimits.key, 'crm-sync:away'));
    await db()
      .update(crmOutbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(crmOutbox.status, 'waiting'));
  };
  const waiting = async () =>
    (await db().select().from(crmOutbox).where(eq(crmOutbox.status, 'waiting'))).length;

  it('imports what the CRM holds on the first connection, matching the demo records by address and customer number', async () => {
    const before = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(customers);
    await crm.connector.connect();
    const outcome = await crm.connector.syncNow();
    expect(outcome.failed).toEqual([]);
    expect(outcome.reported).toBe(0);
    // Matched, not doubled: the same number of customers, each linked to the contact with its address.
    const after = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(customers);
    expect(after).toEqual(before);
    const anna = await customerIdOf(db(), demo.anna);
    expect((await linkOf('customer', anna))?.crmId).toBe(demoContactId(demo.anna));
    const { sommer } = await demoPracticeIds(db());
    expect((await linkOf('practice', sommer))?.crmId).toBe(demoAccountId('sommer'));
    // Every record of the CRM has its place in the portal, and nothing is left to send.
    const links = await db().select().from(crmLinks);
    expect(links.filter((l) => l.entity === 'customer')).toHaveLength(
      crm.standIn.table('contacts').length,
    );
    expect(links.filter((l) => l.entity === 'location')).toHaveLength(
      crm.standIn.table('pp_locations').length,
    );
    expect(links.filter((l) => l.entity === 'membership')).toHaveLength(
      crm.standIn.table('pp_memberships').length,
    );
    await crm.connector.pushNow();
    expect(await waiting()).toBe(0);
    expect((await crm.connector.health()).importedAt).not.toBeNull();
  });

  it('sends a profile change to the contact, once, on the version it was made on', async () => {
    crm.standIn.seen.length = 0;
    const response = await crm.client.customer.updateCustomerData({
      token: await token(demo.anna),
      body: { firstName: 'Annemarie', phone: '+49 30 5550101' },
    });
    expect(response.statusCode).toBe(200);
    expect(await waiting()).toBe(1);
    const outcome = await crm.connector.pushNow();
    expect(outcome).toMatchObject({ pushed: 1, parked: 0 });
    const contact = crm.standIn.record('contacts', demoContactId(demo.anna));
    expect(contact).toMatchObject({ firstname: 'Annemarie', telephone1: '+49 30 5550101' });
    const patches = crm.standIn.seen.filter(
      (r) => r.method === 'PATCH' && r.path.includes('contacts('),
    );
    expect(patches).toHaveLength(1);
    expect(patches[0]!.headers['if-match']).toMatch(/^W\/"/);
  });

  it('removes the contact of a deleted account from the CRM, and keeps none of its values waiting', async () => {
    const email = `geloescht-${Date.now()}@example.com`;
    const created = CustomerSchema.parse(
      (await crm.client.customer.getCustomerData({ token: await token(email) })).json(),
    );
    await crm.connector.pushNow();
    const contactId = (await linkOf('customer', created.customerId))?.crmId;
    expect(contactId).toBeDefined();
    expect(crm.standIn.record('contacts', contactId!)).toBeDefined();
    // An external provider's password is not the portal's to check: a fresh sign-in stands for it.
    const fresh = await crm.issuer.tokenFor(email, {
      extra: { auth_time: Math.floor(Date.now() / 1000) },
    });
    const answer = await crm.client.customer.deleteAccount({ token: fresh, body: {} });
    expect(answer.statusCode).toBe(200);
    const entries = await db()
      .select()
      .from(crmOutbox)
      .where(and(eq(crmOutbox.entity, 'customer'), eq(crmOutbox.portalKey, created.customerId)));
    expect(entries.every((entry) => JSON.stringify(entry.changes) === '{}')).toBe(true);
    await crm.connector.pushNow();
    expect(crm.standIn.record('contacts', contactId!)).toBeUndefined();
    expect(await linkOf('customer', created.customerId)).toBeUndefined();
  });

  it("sends nothing for the portal's own second-factor requirement, and a sync keeps it", async () => {
    // companies.requires_second_factor is no CRM field (decision 0069): the trigger notes the
    // change, the outbox finds no mapped field in it and sends nothing.
    const { sommer } = await demoPracticeIds(db());
    const mfa = { amr: ['pwd', 'otp', 'mfa'] };
    const setRequirement = async (value: boolean) =>
      crm.client.company.updateCompany({
        token: await crm.issuer.tokenFor(demo.anna, mfa),
        body: { companyId: sommer, requiresSecondFactor: value },
      });
    const stored = async () =>
      (await db().select().from(companies).where(eq(companies.id, sommer)))[0]!
        .requiresSecondFactor;
    crm.standIn.seen.length = 0;
    expect((await setRequirement(true)).statusCode).toBe(200);
    await crm.connector.pushNow();
    expect(await waiting()).toBe(0);
    expect(
      crm.standIn.seen.filter((r) => r.method !== 'GET' && r.path.includes('accounts')),
    ).toEqual([]);
    expect((await crm.connector.syncNow()).failed).toEqual([]);
    expect(await stored()).toBe(true);
    expect((await setRequirement(false)).statusCode).toBe(200);
    await crm.connector.pushNow();
    expect(
      crm.standIn.seen.filter((r) => r.method !== 'GET' && r.path.includes('accounts')),
    ).toEqual([]);
  });

  it('leaves the row alone when change tracking brings back what the portal sent', async () => {
    const anna = await customerIdOf(db(), demo.anna);
    const updatedAt = async () =>
      (await db().select().from(customers).where(eq(customers.id, anna)))[0]!.updatedAt;
    const before = await updatedAt();
    const outcome = await crm.connector.syncNow();
    expect(outcome.failed).toEqual([]);
    expect(await updatedAt()).toEqual(before);
  });

  it('shows a change made in the CRM after one sync round', async () => {
    // Ben's first visit read his record again (at sign-in); the next reads come from the mirror.
    expect((await profile(demo.ben)).lastName).not.toBe('Brandt-Meyer');
    crm.standIn.edit('contacts', demoContactId(demo.ben), { lastname: 'Brandt-Meyer' });
    expect((await profile(demo.ben)).lastName).not.toBe('Brandt-Meyer');
    await crm.connector.syncNow();
    expect((await profile(demo.ben)).lastName).toBe('Brandt-Meyer');
    // …and does not send it back.
    expect(await waiting()).toBe(0);
  });

  it('does not take the mirror back to a version read before a write of the portal came back', async () => {
    const id = demoContactId(demo.ben);
    await profile(demo.ben);
    // A sync round reads Ben's contact …
    const readAt = new Date(Date.now() - 1);
    const stale = await crm.connector.client.read('customer', id);
    // … while his change goes out …
    await crm.client.customer.updateCustomerData({
      token: await token(demo.ben),
      body: { phone: '+49 40 123123' },
    });
    await crm.connector.pushNow();
    expect(crm.standIn.record('contacts', id)).toMatchObject({ telephone1: '+49 40 123123' });
    // … and then applies what it read: older than what the portal agreed with since.
    expect(await takeRecord(db(), log, stale!, readAt)).toBe('older');
    expect((await profile(demo.ben)).phone).toBe('+49 40 123123');
  });

  it('merges a change the CRM made meanwhile: both fields stay when each changed another', async () => {
    const id = demoContactId(demo.clara);
    await profile(demo.clara); // her visit read her record; then someone changes it in the CRM
    crm.standIn.edit('contacts', id, { lastname: 'Wolf-Kramer' });
    await crm.client.customer.updateCustomerData({
      token: await token(demo.clara),
      body: { firstName: 'Clarissa' },
    });
    const outcome = await crm.connector.pushNow();
    expect(outcome).toMatchObject({ pushed: 1, merged: 1, parked: 0 });
    expect(crm.standIn.record('contacts', id)).toMatchObject({
      firstname: 'Clarissa',
      lastname: 'Wolf-Kramer',
    });
    expect(await profile(demo.clara)).toMatchObject({
      firstName: 'Clarissa',
      lastName: 'Wolf-Kramer',
    });
  });

  it('merges a change the CRM made meanwhile as its users type it: the address retyped in capitals', async () => {
    const id = demoContactId(demo.clara);
    await profile(demo.clara);
    crm.standIn.edit('contacts', id, {
      emailaddress1: ` ${demo.clara.toUpperCase()} `,
      lastname: 'Wolf-Brenner',
    });
    await crm.client.customer.updateCustomerData({
      token: await token(demo.clara),
      body: { firstName: 'Clara-Marie' },
    });
    const outcome = await crm.connector.pushNow();
    expect(outcome).toMatchObject({ pushed: 1, merged: 1, parked: 0 });
    expect(await profile(demo.clara)).toMatchObject({
      email: demo.clara,
      firstName: 'Clara-Marie',
      lastName: 'Wolf-Brenner',
    });
  });

  it("keeps the CRM's value of a field both changed, tells the person, and writes an audit entry", async () => {
    const id = demoContactId(demo.david);
    await profile(demo.david);
    crm.standIn.edit('contacts', id, { telephone1: '+49 89 111111' });
    await crm.client.customer.updateCustomerData({
      token: await token(demo.david),
      body: { phone: '+49 89 222222' },
    });
    await crm.connector.pushNow();
    expect(crm.standIn.record('contacts', id)).toMatchObject({ telephone1: '+49 89 111111' });
    expect((await profile(demo.david)).phone).toBe('+49 89 111111');
    const david = await customerIdOf(db(), demo.david);
    const notices = await db().select().from(crmNotices).where(eq(crmNotices.customerId, david));
    expect(notices.map((n) => n.fields)).toEqual([['phone']]);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'crm.write.conflict'), eq(auditLog.entityId, david)));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.data).toMatchObject({ crmKept: ['phone'] });
  });

  it('reports a second contact with an address the portal already has, instead of guessing', async () => {
    const customersBefore = (await db().select().from(customers)).length;
    const second = '0f0e0d0c-0b0a-4909-8807-060504030201';
    crm.standIn.edit('contacts', second, {
      emailaddress1: demo.anna.toUpperCase(),
      firstname: 'Anna',
      lastname: 'Doppelt',
    });
    const outcome = await crm.connector.syncNow();
    expect(outcome.reported).toBe(1);
    expect((await db().select().from(customers)).length).toBe(customersBefore);
    const [report] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'crm.record.reported'), eq(auditLog.entityId, second)));
    expect(report!.data).toMatchObject({ reason: expect.stringContaining('already linked') });
    expect((await profile(demo.anna)).lastName).not.toBe('Doppelt');
  });

  it("reports a CRM record whose values break the portal's own rules, instead of showing them", async () => {
    await profile(demo.clara);
    const shown = (await profile(demo.clara)).firstName;
    const id = demoContactId(demo.clara);
    crm.standIn.edit('contacts', id, { firstname: 'Clara https://evil.example/login' });
    const outcome = await crm.connector.syncNow();
    expect(outcome.reported).toBe(1);
    expect((await profile(demo.clara)).firstName).toBe(shown);
    const [report] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'crm.record.reported'), eq(auditLog.entityId, id)));
    expect(report!.data).toMatchObject({ reason: expect.stringContaining('firstName') });
    // Put right in the CRM, it is taken at the next round.
    crm.standIn.edit('contacts', id, { firstname: 'Clarissa' });
    await crm.connector.syncNow();
    expect((await profile(demo.clara)).firstName).toBe('Clarissa');
  });

  it('reads everything again when the CRM no longer takes its change token, without doubling anything', async () => {
    const links = (await db().select().from(crmLinks)).length;
    await db()
      .update(crmSyncState)
      .set({ token: `${crm.standIn.url}/api/data/v9.2/contacts?$deltatoken=not-a-token` })
      .where(eq(crmSyncState.entity, 'customer'));
    const outcome = await crm.connector.syncNow();
    expect(outcome.failed).toEqual([]);
    expect(crm.logs.some((l) => l.includes('refused the change token'))).toBe(true);
    expect((await db().select().from(crmLinks)).length).toBe(links);
    const [state] = await db()
      .select()
      .from(crmSyncState)
      .where(eq(crmSyncState.entity, 'customer'));
    expect(state!.token).toContain('deltatoken=');
    expect(state!.token).not.toContain('not-a-token');
  });

  it('creates a new practice, its location and the membership in the CRM, with their lookups', async () => {
    const response = await crm.client.company.createCompany({
      token: await token(demo.ben),
      body: {
        name: 'Praxis am Stadtpark',
        street: 'Parkweg 1',
        postalCode: '20095',
        city: 'Hamburg',
      },
    });
    expect(response.statusCode).toBe(201);
    const { companyId } = response.json() as { companyId: string };
    const location = await crm.client.location.createLocation({
      token: await token(demo.ben),
      body: {
        companyId,
        name: 'Praxis am Stadtpark, Haus B',
        street: 'Parkweg 3',
        postalCode: '20095',
        city: 'Hamburg',
      },
    });
    expect(location.statusCode).toBe(201);
    await crm.connector.pushNow();
    expect(await waiting()).toBe(0);
    const account = crm.standIn.record('accounts', companyId);
    expect(account).toMatchObject({
      name: 'Praxis am Stadtpark',
      address1_postalcode: '20095',
      address1_city: 'Hamburg',
    });
    const membership = crm.standIn
      .table('pp_memberships')
      .find((row) => row._pp_accountid_value === companyId);
    expect(membership).toMatchObject({ _pp_contactid_value: demoContactId(demo.ben) });
    const locations = crm.standIn
      .table('pp_locations')
      .filter((row) => row._pp_accountid_value === companyId);
    expect(locations.map((row) => row.pp_name)).toEqual(['Praxis am Stadtpark, Haus B']);
  });

  it('holds the location of a new practice until the practice is in the CRM, instead of failing it', async () => {
    const response = await crm.client.company.createCompany({
      token: await token(demo.ben),
      body: {
        name: 'Praxis am Deich',
        street: 'Deichstraße 2',
        postalCode: '20459',
        city: 'Hamburg',
      },
    });
    const { companyId } = response.json() as { companyId: string };
    await crm.client.location.createLocation({
      token: await token(demo.ben),
      body: {
        companyId,
        name: 'Deich, Haus 2',
        street: 'Deichstraße 4',
        postalCode: '20459',
        city: 'Hamburg',
      },
    });
    // The practice's creation waits for its next attempt, as after a failed one.
    await db()
      .update(crmOutbox)
      .set({ nextAttemptAt: sql`now() + interval '1 hour'` })
      .where(and(eq(crmOutbox.entity, 'practice'), eq(crmOutbox.portalKey, companyId)));
    crm.standIn.seen.length = 0;
    await crm.connector.pushNow();
    const entries = await db().select().from(crmOutbox).where(eq(crmOutbox.status, 'waiting'));
    const dependent = entries.filter((e) => e.entity === 'location' || e.entity === 'membership');
    expect(dependent.length).toBeGreaterThanOrEqual(2);
    // Not tried, so no attempt counts towards parking and nothing went out before the practice.
    expect(dependent.map((e) => [e.attempts, e.lastError])).toEqual(dependent.map(() => [0, null]));
    expect(crm.standIn.seen.filter((r) => r.method === 'POST')).toEqual([]);
    await makeDue();
    await crm.connector.pushNow();
    expect(await waiting()).toBe(0);
    expect(crm.standIn.record('accounts', companyId)).toBeTruthy();
    expect(
      crm.standIn.table('pp_locations').filter((row) => row._pp_accountid_value === companyId),
    ).toHaveLength(1);
  });

  it('takes picklist labels from the option sets, in German and in English', async () => {
    const salutations = crm.standIn.optionSets.get('pp_salutation')!;
    const option = salutations.options.find((o) => o.externalValue === 'DIVERS')!;
    option.labelDe = 'Divers (CRM)';
    option.labelEn = 'Diverse (CRM)';
    expect(await crm.connector.refreshPicklists()).toBeGreaterThan(20);
    const read = async (language: string) =>
      (
        await crm.client.customer.getPicklists({
          token: await token(demo.anna),
          headers: { 'accept-language': language },
        })
      ).json() as { salutation: { values: { value: string; label: string }[] } };
    expect((await read('de')).salutation.values).toContainEqual({
      value: 'DIVERS',
      label: 'Divers (CRM)',
    });
    expect((await read('en')).salutation.values).toContainEqual({
      value: 'DIVERS',
      label: 'Diverse (CRM)',
    });
  });

  it('keeps answering and accepting writes while the CRM answers 429, and sends each write once, in order, afterwards', async () => {
    const id = demoContactId(demo.anna);
    crm.standIn.setThrottle({ seconds: 60 });
    for (const phone of ['+49 30 1', '+49 30 2', '+49 30 3']) {
      const response = await crm.client.customer.updateCustomerData({
        token: await token(demo.anna),
        body: { phone },
      });
      expect(response.statusCode).toBe(200);
    }
    expect((await profile(demo.anna)).phone).toBe('+49 30 3');
    const busy = await crm.connector.pushNow();
    expect(busy).toMatchObject({ pushed: 0, parked: 0 });
    expect(await waiting()).toBe(3);
    const [first] = await db().select().from(crmOutbox).where(eq(crmOutbox.status, 'waiting'));
    expect(first!.lastError).toBeTruthy();
    crm.standIn.setThrottle(null);
    crm.standIn.seen.length = 0;
    await makeDue();
    await crm.connector.pushNow();
    expect(await waiting()).toBe(0);
    const sent = crm.standIn.seen
      .filter((r) => r.method === 'PATCH' && r.path.includes(id) && r.status! < 300)
      .map((r) => (r.body as { telephone1: string }).telephone1);
    expect(sent).toEqual(['+49 30 1', '+49 30 2', '+49 30 3']);
    expect(crm.standIn.record('contacts', id)).toMatchObject({ telephone1: '+49 30 3' });
  });

  it('keeps answering while the CRM is away, and sends the writes when it is back', async () => {
    await crm.standIn.suspend();
    try {
      expect((await profile(demo.ben)).email).toBe(demo.ben);
      const response = await crm.client.customer.updateCustomerData({
        token: await token(demo.ben),
        body: { phone: '+49 40 777' },
      });
      expect(response.statusCode).toBe(200);
      expect(await crm.connector.pushNow()).toMatchObject({ pushed: 0 });
      const sync = await crm.connector.syncNow();
      expect(sync.failed.length).toBeGreaterThan(0);
    } finally {
      await crm.standIn.resume();
    }
    await makeDue();
    await crm.connector.pushNow();
    expect(crm.standIn.record('contacts', demoContactId(demo.ben))).toMatchObject({
      telephone1: '+49 40 777',
    });
    expect((await crm.connector.syncNow()).failed).toEqual([]);
  });

  it('parks a write the CRM refuses for good, says so to the operator, and goes on with the others', async () => {
    const lift = crm.standIn.refuse('accounts', () => 'The account cannot be changed.');
    const { markt } = await demoPracticeIds(db());
    try {
      await crm.client.company.updateCompany({
        token: await token(demo.david),
        body: { companyId: markt, phone: '+49 89 9999' },
      });
      await crm.client.customer.updateCustomerData({
        token: await token(demo.clara),
        body: { phone: '+49 30 4242' },
      });
      const outcome = await crm.connector.pushNow();
      expect(outcome.parked).toBe(1);
      expect(outcome.pushed).toBeGreaterThanOrEqual(1);
    } finally {
      lift();
    }
    const parked = await db().select().from(crmOutbox).where(eq(crmOutbox.status, 'parked'));
    expect(parked).toHaveLength(1);
    expect(parked[0]!.lastError).toContain('The account cannot be changed.');
    expect(crm.logs.some((l) => l.includes('parked for an operator'))).toBe(true);
    const health = await crm.app.inject({
      url: '/operator/crm',
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({
      provider: 'dataverse',
      state: 'behind',
      outbox: { parked: 1, waiting: 0 },
    });
  });

  it('shows the operator endpoint only with the operator token', async () => {
    const anonymous = await crm.app.inject({ url: '/operator/crm' });
    expect(anonymous.statusCode).toBe(401);
    const wrong = await crm.app.inject({
      url: '/operator/crm',
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}x` },
    });
    expect(wrong.statusCode).toBe(401);
    const customer = await crm.app.inject({
      url: '/operator/crm',
      headers: { authorization: `Bearer ${await token(demo.anna)}` },
    });
    expect(customer.statusCode).toBe(401);
  });
});

describe('without a CRM (CRM_PROVIDER=builtin)', () => {
  const api = useApi({ env: { OPERATOR_TOKEN } });

  it('writes nothing for a CRM: no outbox, no links', async () => {
    const response = await api.client.customer.updateCustomerData({
      token: await api.issuer.tokenFor(demo.anna),
      body: { firstName: 'Anni' },
    });
    expect(response.statusCode).toBe(200);
    expect(await api.db.database.db.select().from(crmOutbox)).toEqual([]);
    expect(await api.db.database.db.select().from(crmLinks)).toEqual([]);
  });

  it('says builtin at the operator endpoint', async () => {
    const answer = await api.app.inject({
      url: '/operator/crm',
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    });
    expect(answer.json()).toEqual({ provider: 'builtin', state: 'ok' });
  });
});
