import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDataverseStandIn, type DataverseStandIn } from '@pp/dataverse-stand-in';
import type { CrmLog } from '../../src/crm-sync/crm-client.ts';
import { crmConnection, crmLinks, crmOutbox, customers } from '../../src/db/schema.ts';
import { crmConnectorFor, OPERATOR_TOKEN, useCrm } from '../support/crm.ts';
import { demo } from '../support/demo.ts';

// Issue 44: a full read removes from the portal what the CRM no longer holds, so a DATAVERSE_URL
// that points at another environment would remove every linked record. The organisation the
// portal first synced with (`WhoAmI`'s OrganizationId: Microsoft Learn, "WhoAmI Function",
// https://learn.microsoft.com/power-apps/developer/data-platform/webapi/reference/whoami) is
// kept; another one stops the sync and the outbox until the operator accepts it.

const ORGANISATION = '0a0a0a0a-1111-4222-8333-444444444444';
const OTHER = '0b0b0b0b-5555-4666-8777-888888888888';
const THIRD = '0c0c0c0c-9999-4aaa-8bbb-cccccccccccc';

describe('the organisation the portal syncs with', () => {
  const crm = useCrm({
    pageSize: 50,
    standIn: { organisationId: ORGANISATION },
    env: { OPERATOR_TOKEN },
  });
  const db = () => crm.db.database.db;
  let other: DataverseStandIn;
  let third: DataverseStandIn;
  beforeAll(async () => {
    other = await startDataverseStandIn({ demo: false, organisationId: OTHER });
    third = await startDataverseStandIn({ demo: false, organisationId: THIRD });
  });
  afterAll(async () => {
    await other?.stop();
    await third?.stop();
  });

  const lines: string[] = [];
  const log = {
    info: () => {},
    warn: (...args: unknown[]) => lines.push(`warn ${JSON.stringify(args)}`),
    error: (...args: unknown[]) => lines.push(`error ${JSON.stringify(args)}`),
  } as unknown as CrmLog;
  const linked = async () => (await db().select().from(crmLinks)).length;

  it('is kept at the first connection', async () => {
    await crm.connector.connect();
    expect((await crm.connector.syncNow()).failed).toEqual([]);
    const [row] = await db().select().from(crmConnection);
    expect(row?.organisationId).toBe(ORGANISATION);
    expect(await linked()).toBeGreaterThan(0);
  });

  it('stops the sync and the outbox when another environment answers, and says so', async () => {
    const before = await linked();
    const wrong = crmConnectorFor({ db: crm.db, standIn: other }, log, { pageSize: 50 });
    await wrong.connect();
    // A write waiting for the CRM stays waiting.
    await db().update(customers).set({ firstName: 'Anni' }).where(eq(customers.email, demo.anna));
    other.seen.length = 0;

    const round = await wrong.syncNow();
    const push = await wrong.pushNow();

    expect(round.applied + round.removed).toBe(0);
    expect(push.pushed).toBe(0);
    expect(await linked()).toBe(before);
    expect(other.seen.filter((r) => r.path.startsWith('/api/')).map((r) => r.path)).toEqual([
      '/api/data/v9.2/WhoAmI',
    ]);
    expect(
      (await db().select().from(crmOutbox).where(eq(crmOutbox.status, 'waiting'))).length,
    ).toBeGreaterThan(0);
    expect(lines.join('\n')).toContain(
      `Dataverse answers for organisation ${OTHER}, but the portal syncs with ${ORGANISATION}`,
    );

    // Every instance refuses, the right one too, until the operator decides.
    expect((await crm.connector.pushNow()).pushed).toBe(0);
    const health = await crm.app.inject({
      url: '/operator/crm',
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    });
    expect(health.json()).toMatchObject({
      state: 'failing',
      organisation: { id: ORGANISATION, seen: OTHER },
    });
  });

  it('shows and logs the organisation that answered last, when a third one answers', async () => {
    // Probe M1: `seen` kept the second organisation, so the operator could accept one that no
    // longer answers. The last one that answered is what the operator must decide about.
    lines.length = 0;
    const wrong = crmConnectorFor({ db: crm.db, standIn: third }, log, { pageSize: 50 });
    await wrong.connect();
    expect((await wrong.syncNow()).applied).toBe(0);

    const [row] = await db().select().from(crmConnection);
    expect(row).toMatchObject({ organisationId: ORGANISATION, otherOrganisationId: THIRD });
    expect(lines.filter((line) => line.startsWith('error '))).toEqual([
      expect.stringContaining(
        `Dataverse answers for organisation ${THIRD}, but the portal syncs with ${ORGANISATION}`,
      ),
    ]);
    const accepted = await crm.app.inject({
      method: 'POST',
      url: '/operator/crm/organisation',
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
      payload: { accept: OTHER },
    });
    expect(accepted.statusCode).toBe(409);
  });

  it('goes on after the operator accepts the organisation again', async () => {
    // docs/operations.md, "The CRM": the reset an operator makes deliberately.
    await db().execute(
      sql`update crm_connection set organisation_id = null, other_organisation_id = null`,
    );
    const pushed = await crm.connector.pushNow();
    expect(pushed.pushed).toBeGreaterThan(0);
    const [row] = await db().select().from(crmConnection);
    expect(row).toMatchObject({ organisationId: ORGANISATION, otherOrganisationId: null });
  });
});
