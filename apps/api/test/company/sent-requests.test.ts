import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { companies, connectRequests, memberships } from '../../src/db/schema.ts';
import { sweepExpiredRequests } from '../../src/lib/practices/sent-requests.ts';
import { useApi } from '../support/context.ts';
import { bearer } from '../support/expect-problem.ts';
import { createCustomer, createPractice, uniqueEmail } from '../support/factories.ts';
import { randomClientAddress } from '../rate-limit/limits.ts';

/**
 * Issue 23, finding 9: after a request to join, what the requester can read must not tell a
 * right pair of customer number and postal code from a wrong one (decision 0052).
 */
describe('sent requests to join a practice', () => {
  const api = useApi();
  const db = () => api.db.database.db;

  async function newUser() {
    const email = uniqueEmail('anfrage');
    const customer = await createCustomer(db(), { email, firstName: 'Lena', lastName: 'Berg' });
    return { customer, email, headers: bearer(await api.issuer.tokenFor(email)) };
  }
  type User = Awaited<ReturnType<typeof newUser>>;

  const connect = (user: User, customerNumber: string, postalCode: string) =>
    api.client.company.connectExistingCompany({
      headers: user.headers,
      body: { customerNumber, postalCode },
      remoteAddress: randomClientAddress(),
    });
  const sentRequests = async (user: User) =>
    api.client.company.getSentRequests({ headers: user.headers });

  /** Every read the requester can make about themself and about the practice (by its id). */
  async function everythingSeenBy(user: User, practiceId: string) {
    const practiceQuery = { companyId: practiceId };
    const answers: Record<string, LightMyRequestResponse> = {
      customer: await api.client.customer.getCustomerData({ headers: user.headers }),
      sent: await sentRequests(user),
      invitations: await api.client.employee.getMyInvitations({ headers: user.headers }),
      connected: await api.client.rights.isUserConnectedToPractice({
        headers: user.headers,
        query: { practiceId },
      }),
      admin: await api.client.rights.isUserAdminOfPractice({
        headers: user.headers,
        query: { practiceId },
      }),
      company: await api.client.company.getCompany({ headers: user.headers, query: practiceQuery }),
      entitlements: await api.client.company.checkEntitlements({
        headers: user.headers,
        query: practiceQuery,
      }),
    };
    return answers;
  }

  /** An answer with what is the requester's own (ids, address, times) replaced by placeholders. */
  async function own(user: User, answer: LightMyRequestResponse) {
    const requestIds = (
      await db()
        .select({ id: connectRequests.id })
        .from(connectRequests)
        .where(eq(connectRequests.customerId, user.customer.id))
    ).map((row) => row.id);
    let body = answer.body
      .replaceAll(user.customer.id, '<customer>')
      .replaceAll(user.email, '<email>')
      .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)/g, '<time>');
    for (const id of requestIds) body = body.replaceAll(id, '<request>');
    const headers = Object.fromEntries(
      Object.entries(answer.headers).filter(([name]) => name !== 'date'),
    );
    return { status: answer.statusCode, headers, body };
  }

  async function expectSameView(a: User, b: User, practiceId: string) {
    const seenByA = await everythingSeenBy(a, practiceId);
    const seenByB = await everythingSeenBy(b, practiceId);
    for (const [name, answer] of Object.entries(seenByA)) {
      expect(await own(a, answer), name).toEqual(await own(b, seenByB[name]!));
    }
    return seenByA;
  }

  let practice: Awaited<ReturnType<typeof createPractice>>;
  const ownerEmail = uniqueEmail('inhaberin');
  beforeAll(async () => {
    const owner = await createCustomer(db(), { email: ownerEmail });
    practice = await createPractice(db(), {
      name: 'Praxis Geheim',
      postalCode: '10117',
      superadminId: owner.id,
    });
  });

  it('shows a right and a wrong pair byte for byte alike, and only with what was typed', async () => {
    const { customerNumber } = practice;
    const right = await newUser();
    expect((await connect(right, customerNumber, '10117')).statusCode).toBe(202);
    // The same typed pair made wrong twice over: the practice disabled, then at another code.
    await db().update(companies).set({ status: 'disabled' }).where(eq(companies.id, practice.id));
    const disabled = await newUser();
    expect((await connect(disabled, customerNumber, '10117')).statusCode).toBe(202);
    await db()
      .update(companies)
      .set({ status: 'enabled', postalCode: '10119' })
      .where(eq(companies.id, practice.id));
    const wrongCode = await newUser();
    expect((await connect(wrongCode, customerNumber, '10117')).statusCode).toBe(202);
    await db().update(companies).set({ postalCode: '10117' }).where(eq(companies.id, practice.id));

    const seen = await expectSameView(right, disabled, practice.id);
    await expectSameView(right, wrongCode, practice.id);
    expect(seen['customer']!.body).not.toContain('Praxis Geheim');
    expect(seen['customer']!.json().associatedCompanies.companyVms).toEqual([]);
    expect(seen['sent']!.json()).toEqual([
      expect.objectContaining({ customerNumber, postalCode: '10117' }),
    ]);
    expect(Object.keys(seen['sent']!.json()[0]).sort()).toEqual(
      ['customerNumber', 'expiresAt', 'postalCode', 'requestId', 'requestedAt'].sort(),
    );

    // The admins see the right pair's request only; the wrong ones name no practice.
    const employees = await api.client.employee.getEmployees({
      token: await api.issuer.tokenFor(ownerEmail),
      query: { companyId: practice.id },
    });
    const listed = JSON.stringify(employees.json());
    expect(listed).toContain(right.email);
    expect(listed).not.toContain(disabled.email);
    expect(listed).not.toContain(wrongCode.email);

    // Withdrawing answers alike, and leaves nothing of either.
    const withdraw = async (user: User) =>
      api.client.company.withdrawSentRequest({
        headers: user.headers,
        body: { requestId: (await sentRequests(user)).json()[0].requestId },
      });
    expect(await own(right, await withdraw(right))).toEqual(
      await own(disabled, await withdraw(disabled)),
    );
    await expectSameView(right, disabled, practice.id);
    expect((await sentRequests(right)).json()).toEqual([]);
    expect(await membershipOf(right.customer.id, practice.id)).toBeUndefined();
  });

  const membershipOf = async (customerId: string, companyId: string) =>
    (
      await db()
        .select()
        .from(memberships)
        .where(and(eq(memberships.customerId, customerId), eq(memberships.companyId, companyId)))
    )[0];

  it('shows the practice once an admin approves, and a declined request stays "sent"', async () => {
    const adminToken = await api.issuer.tokenFor(ownerEmail);
    const approved = await newUser();
    const declined = await newUser();
    await connect(approved, practice.customerNumber, '10117');
    await connect(declined, practice.customerNumber, '10117');

    const decide = (user: User, enable: boolean) =>
      (enable ? api.client.employee.enableEmployee : api.client.employee.disableEmployee)({
        token: adminToken,
        body: { companyId: practice.id, customerId: user.customer.id },
      });
    expect((await decide(approved, true)).statusCode).toBe(200);
    expect((await decide(declined, false)).statusCode).toBe(200);

    expect((await sentRequests(approved)).json()).toEqual([]);
    const customer = await api.client.customer.getCustomerData({ headers: approved.headers });
    expect(customer.json().associatedCompanies.companyVms).toEqual([
      expect.objectContaining({ name: 'Praxis Geheim', membershipStatus: 'enabled' }),
    ]);

    // Declined looks like waiting, as a wrong pair does, until the request lapses.
    const stillSent = await api.client.customer.getCustomerData({ headers: declined.headers });
    expect(stillSent.json().associatedCompanies.companyVms).toEqual([]);
    expect((await sentRequests(declined)).json()).toHaveLength(1);
  });

  it('ends requests past their time: the record, and a right pair’s unapproved membership', async () => {
    const waiting = await newUser();
    const wrong = await newUser();
    await connect(waiting, practice.customerNumber, '10117');
    await connect(wrong, practice.customerNumber, '99999');
    await db()
      .update(connectRequests)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(sql`${connectRequests.customerId} in (${waiting.customer.id}, ${wrong.customer.id})`);
    // Lapsed, a request is no longer shown, also before the sweep has run.
    expect((await sentRequests(waiting)).json()).toEqual([]);
    expect(await sweepExpiredRequests(db())).toBeGreaterThanOrEqual(2);
    expect(await membershipOf(waiting.customer.id, practice.id)).toBeUndefined();
    const rows = await db()
      .select()
      .from(connectRequests)
      .where(sql`${connectRequests.customerId} in (${waiting.customer.id}, ${wrong.customer.id})`);
    expect(rows).toEqual([]);
  });

  it('lets nobody withdraw another person’s request (404), and stores one record per typed pair', async () => {
    const mine = await newUser();
    const other = await newUser();
    await connect(mine, practice.customerNumber, '10117');
    await connect(mine, ` ${practice.customerNumber.toLowerCase()} `, '10117');
    const [request] = (await sentRequests(mine)).json();
    expect((await sentRequests(mine)).json()).toHaveLength(1);
    const refused = await api.client.company.withdrawSentRequest({
      headers: other.headers,
      body: { requestId: request.requestId },
    });
    expect(refused.statusCode).toBe(404);
    expect((await sentRequests(mine)).json()).toHaveLength(1);
    expect(await membershipOf(mine.customer.id, practice.id)).toMatchObject({
      status: 'requested',
    });
  });
});
