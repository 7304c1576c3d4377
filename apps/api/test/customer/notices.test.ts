import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { calls, CustomerNoticesSchema, MAX_NOTICES, NoticesDismissedSchema } from '@pp/contract';
import { crmNotices } from '../../src/db/schema.ts';
import { useApi } from '../support/context.ts';
import { expectProblem } from '../support/expect-problem.ts';
import { createCustomer } from '../support/factories.ts';
import { randomClientAddress } from '../rate-limit/limits.ts';

// Customer/GetNotices and Customer/DismissNotices (issue 24, decision 0061): the outbox writes a
// notice where a field the person changed kept the CRM's value; here the rows are the fixture.

describe('Customer/GetNotices and Customer/DismissNotices', () => {
  const api = useApi();
  const db = () => api.db.database.db;

  /** A notice of the customer, as the outbox's merge writes it, `minutesAgo` before now. */
  async function notice(customerId: string, fields: string[], minutesAgo = 0, seen = false) {
    const at = new Date(Date.now() - minutesAgo * 60_000);
    const [row] = await db()
      .insert(crmNotices)
      .values({
        customerId,
        entity: 'customer',
        portalKey: customerId,
        fields,
        createdAt: at,
        seenAt: seen ? at : null,
      })
      .returning();
    if (!row) throw new Error('notice not stored');
    return row;
  }

  const token = (email: string) => api.issuer.tokenFor(email);
  const read = async (email: string) => {
    const response = await api.client.customer.getNotices({
      token: await token(email),
      remoteAddress: randomClientAddress(),
    });
    expect(response.statusCode, response.body).toBe(200);
    return CustomerNoticesSchema.parse(response.json()).notices;
  };
  const dismiss = async (email: string) => {
    const response = await api.client.customer.dismissNotices({
      token: await token(email),
      remoteAddress: randomClientAddress(),
    });
    expect(response.statusCode, response.body).toBe(200);
    return NoticesDismissedSchema.parse(response.json()).dismissed;
  };
  const seenAtOf = async (id: number) =>
    (await db().select().from(crmNotices).where(eq(crmNotices.id, id)))[0]?.seenAt;

  it('shows a customer their unseen notices, newest first, and no one else', async () => {
    const david = await createCustomer(db());
    const erika = await createCustomer(db());
    const older = await notice(david.id, ['phone', 'lastName'], 30);
    const newer = await notice(david.id, ['newsletterInterests'], 5);
    await notice(david.id, ['firstName'], 60, true);

    expect(await read(david.email)).toEqual([
      { id: newer.id, fields: ['newsletterInterests'], at: newer.createdAt.toISOString() },
      { id: older.id, fields: ['phone', 'lastName'], at: older.createdAt.toISOString() },
    ]);
    expect(await read(erika.email)).toEqual([]);
  });

  it(`answers at most ${MAX_NOTICES}, the newest`, async () => {
    const customer = await createCustomer(db());
    for (let minutes = MAX_NOTICES + 4; minutes >= 0; minutes -= 1) {
      await notice(customer.id, ['phone'], minutes);
    }
    const notices = await read(customer.email);
    expect(notices).toHaveLength(MAX_NOTICES);
    const times = notices.map((n) => Date.parse(n.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(Date.now() - (times[0] ?? 0)).toBeLessThan(60_000);
  });

  it('refuses anonymous callers with 401', async () => {
    expectProblem(await api.client.customer.getNotices(), 401, 'unauthenticated');
    expectProblem(await api.client.customer.dismissNotices(), 401, 'unauthenticated');
  });

  it("dismisses only the caller's notices; a dismissed notice is not shown again", async () => {
    const david = await createCustomer(db());
    const erika = await createCustomer(db());
    const mine = [await notice(david.id, ['phone'], 10), await notice(david.id, ['lastName'], 2)];
    const hers = await notice(erika.id, ['salutation'], 1);

    expect(await dismiss(david.email)).toBe(2);
    expect(await read(david.email)).toEqual([]);
    for (const row of mine) expect(await seenAtOf(row.id)).toBeInstanceOf(Date);
    expect(await seenAtOf(hers.id)).toBeNull();
    expect((await read(erika.email)).map((n) => n.id)).toEqual([hers.id]);
  });

  it('changes nothing on a second dismissal, and shows a notice that came after it', async () => {
    const customer = await createCustomer(db());
    const first = await notice(customer.id, ['dateOfBirth'], 3);
    expect(await dismiss(customer.email)).toBe(1);
    const seenAt = await seenAtOf(first.id);

    expect(await dismiss(customer.email)).toBe(0);
    expect(await seenAtOf(first.id)).toEqual(seenAt);

    const later = await notice(customer.id, ['firstName']);
    expect((await read(customer.email)).map((n) => n.id)).toEqual([later.id]);
  });

  it('refuses a body or query the call does not declare', async () => {
    const customer = await createCustomer(db());
    // Not someone else's notices by naming them: the call has no parameters at all.
    const response = await api.client.unchecked(calls.customerGetNotices, {
      token: await token(customer.email),
      query: { customerId: customer.id },
    });
    expectProblem(response, 400, 'validation_failed');
  });

  it('dismisses with an empty body too, and refuses one that names anything', async () => {
    const customer = await createCustomer(db());
    await notice(customer.id, ['phone']);
    const send = async (body: object) =>
      api.client.unchecked(calls.customerDismissNotices, {
        token: await token(customer.email),
        body,
      });

    expectProblem(await send({ customerId: customer.id }), 400, 'validation_failed');
    expect(await read(customer.email)).toHaveLength(1);
    const answer = await send({});
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ dismissed: 1 });
  });
});
