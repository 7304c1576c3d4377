import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { demoContactId } from '@pp/dataverse-stand-in';
import { auditLog, crmConnection, crmOutbox, customers } from '../../src/db/schema.ts';
import { OPERATOR_TOKEN, useCrm } from '../support/crm.ts';
import { demo } from '../support/demo.ts';

// Issue 44 (outside probe, M3): when Dataverse answers for another organisation than the kept
// one, the sync and the outbox stand still until the operator accepts one. With the embedded
// database an operator cannot run SQL against it (the running process holds DATA_DIR), so
// `POST /operator/crm/organisation` accepts the organisation the health shows: the one another
// organisation's answer moved the mirror to (`seen`), or the kept one again once DATAVERSE_URL is
// put right. Nothing else: a stale or mistyped id moves nothing.

const ORGANISATION = '0a0a0a0a-1111-4222-8333-444444444444';
const OTHER = '0b0b0b0b-5555-4666-8777-888888888888';
const THIRD = '0c0c0c0c-9999-4aaa-8bbb-cccccccccccc';

describe('the operator accepts an organisation', () => {
  const crm = useCrm({
    pageSize: 50,
    standIn: { organisationId: ORGANISATION },
    env: { OPERATOR_TOKEN },
  });
  const db = () => crm.db.database.db;
  const operator = { authorization: `Bearer ${OPERATOR_TOKEN}` };
  const accept = (body: Record<string, unknown>, headers: Record<string, string> = operator) =>
    crm.app.inject({ method: 'POST', url: '/operator/crm/organisation', headers, payload: body });
  const stored = async () => {
    const [row] = await db().select().from(crmConnection);
    return { id: row?.organisationId ?? null, seen: row?.otherOrganisationId ?? null };
  };
  const accepted = async () =>
    db().select().from(auditLog).where(eq(auditLog.action, 'crm.organisation.accepted'));
  const waiting = async () =>
    (await db().select().from(crmOutbox).where(eq(crmOutbox.status, 'waiting'))).length;

  it('answers 409 while nothing waits to be accepted', async () => {
    await crm.connector.connect();
    expect((await crm.connector.syncNow()).failed).toEqual([]);
    expect(await stored()).toEqual({ id: ORGANISATION, seen: null });
    const nothing = await accept({ accept: ORGANISATION });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json()).toEqual({ error: expect.stringContaining('no other organisation') });
    expect(await accepted()).toEqual([]);
  });

  it('refuses a request without the token, a non-id and an id other than the seen one', async () => {
    // The environment behind DATAVERSE_URL now answers for another organisation.
    crm.standIn.setOrganisationId(OTHER);
    await db().update(customers).set({ firstName: 'Anni' }).where(eq(customers.email, demo.anna));
    const round = await crm.connector.syncNow();
    expect(round.applied + round.removed).toBe(0);
    expect((await crm.connector.pushNow()).pushed).toBe(0);
    expect(await stored()).toEqual({ id: ORGANISATION, seen: OTHER });
    expect(await waiting()).toBeGreaterThan(0);

    const anonymous = await accept({ accept: OTHER }, {});
    expect(anonymous.statusCode).toBe(401);
    const wrongToken = await accept(
      { accept: OTHER },
      { authorization: `Bearer ${OPERATOR_TOKEN}x` },
    );
    expect(wrongToken.statusCode).toBe(401);

    const notAnId = await accept({ accept: 'the other one' });
    expect(notAnId.statusCode).toBe(400);
    expect(notAnId.json()).toMatchObject({
      status: 400,
      errors: [{ field: 'body.accept', code: 'invalid' }],
    });
    const missing = await accept({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ errors: [{ field: 'body.accept', code: 'required' }] });

    const stale = await accept({ accept: THIRD });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ error: expect.stringContaining(OTHER) });

    expect(await stored()).toEqual({ id: ORGANISATION, seen: OTHER });
    expect(await accepted()).toEqual([]);
    expect((await crm.connector.pushNow()).pushed).toBe(0);
  });

  it('moves the mirror to the seen organisation once, and the sync and the outbox go on', async () => {
    const answer = await accept({ accept: OTHER.toUpperCase() });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ accepted: OTHER, previous: ORGANISATION });
    expect(await stored()).toEqual({ id: OTHER, seen: null });
    const [entry, ...more] = await accepted();
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      actorCustomerId: null,
      entity: 'crm_connection',
      entityId: OTHER,
      data: { previous: ORGANISATION },
    });
    expect(crm.logs.join('\n')).toContain('the operator accepted the CRM organisation');

    const again = await accept({ accept: OTHER });
    expect(again.statusCode).toBe(409);
    expect(await accepted()).toHaveLength(1);

    expect((await crm.connector.syncNow()).failed).toEqual([]);
    expect((await crm.connector.pushNow()).pushed).toBeGreaterThan(0);
    expect(await waiting()).toBe(0);
    expect(crm.standIn.record('contacts', demoContactId(demo.anna))).toMatchObject({
      firstname: 'Anni',
    });
    const health = await crm.app.inject({ url: '/operator/crm', headers: operator });
    expect(health.json()).toMatchObject({ organisation: { id: OTHER, seen: null, problem: null } });
    expect(health.json().state).not.toBe('failing');
  });

  it('applies one of two requests at once', async () => {
    crm.standIn.setOrganisationId(THIRD);
    await crm.connector.syncNow();
    expect(await stored()).toEqual({ id: OTHER, seen: THIRD });
    const answers = await Promise.all([accept({ accept: THIRD }), accept({ accept: THIRD })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await stored()).toEqual({ id: THIRD, seen: null });
    expect(await accepted()).toHaveLength(2);
  });

  it('keeps the organisation it had when the kept one is accepted again (DATAVERSE_URL put right)', async () => {
    crm.standIn.setOrganisationId(OTHER);
    await crm.connector.syncNow();
    expect(await stored()).toEqual({ id: THIRD, seen: OTHER });
    crm.standIn.setOrganisationId(THIRD);
    const answer = await accept({ accept: THIRD });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ accepted: THIRD, previous: THIRD });
    expect(await stored()).toEqual({ id: THIRD, seen: null });
    expect((await crm.connector.syncNow()).failed).toEqual([]);
    expect(await stored()).toEqual({ id: THIRD, seen: null });
  });
});

describe('the organisation endpoint without OPERATOR_TOKEN', () => {
  const crm = useCrm({ pageSize: 50 });
  it('does not exist', async () => {
    const answer = await crm.app.inject({
      method: 'POST',
      url: '/operator/crm/organisation',
      payload: { accept: OTHER },
    });
    expect(answer.statusCode).toBe(404);
  });
});
