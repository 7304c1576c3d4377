import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { calls } from '@pp/contract';
import { companies, connectRequests, mailOutbox, memberships } from '../../src/db/schema.ts';
import { expectIndistinguishable } from '../support/compare.ts';
import type { BodyOf } from '../support/client.ts';
import { useApi } from '../support/context.ts';
import { demo, demoPracticeIds, type DemoPractice } from '../support/demo.ts';
import { bearer, expectProblem } from '../support/expect-problem.ts';
import { createCustomer, createPractice, uniqueEmail } from '../support/factories.ts';
import { randomClientAddress } from '../rate-limit/limits.ts';

describe('Company/ConnectExistingCompany', () => {
  const api = useApi();
  const db = () => api.db.database.db;
  let practices: Record<DemoPractice, string>;
  let markt: { customerNumber: string; postalCode: string | null };
  beforeAll(async () => {
    practices = await demoPracticeIds(db());
    [markt] = (await db()
      .select({ customerNumber: companies.customerNumber, postalCode: companies.postalCode })
      .from(companies)
      .where(eq(companies.id, practices.markt))) as [typeof markt];
  });

  async function newUser() {
    const email = uniqueEmail('beitritt');
    const customer = await createCustomer(db(), { email, firstName: 'Lena', lastName: 'Berg' });
    return { customer, headers: bearer(await api.issuer.tokenFor(email)) };
  }
  const connect = (
    headers: Record<string, string>,
    body: BodyOf<typeof calls.companyConnectExistingCompany>,
    address = randomClientAddress(),
  ) => api.client.company.connectExistingCompany({ headers, body, remoteAddress: address });
  const membershipOf = async (customerId: string, companyId: string) =>
    (
      await db()
        .select()
        .from(memberships)
        .where(and(eq(memberships.customerId, customerId), eq(memberships.companyId, companyId)))
    )[0];
  const mailsTo = async (email: string) =>
    db().select().from(mailOutbox).where(eq(mailOutbox.recipient, email));

  it('asks to join with a right pair: membership requested, the practice’s admins are told', async () => {
    const { customer, headers } = await newUser();
    const davidBefore = (await mailsTo(demo.david)).length;
    const response = await connect(headers, {
      customerNumber: markt.customerNumber,
      postalCode: markt.postalCode!,
    });
    expect(response.statusCode).toBe(202);
    expect(await membershipOf(customer.id, practices.markt)).toMatchObject({
      role: 'member',
      status: 'requested',
    });
    const toDavid = await mailsTo(demo.david);
    expect(toDavid).toHaveLength(davidBefore + 1);
    expect(toDavid.at(-1)).toMatchObject({
      template: 'connect-request',
      companyId: practices.markt,
    });
    expect(toDavid.at(-1)?.textBody).toContain('Lena Berg');
  });

  it('answers a wrong pair exactly like a right one, and joins nothing for it', async () => {
    const right = await newUser();
    const wrong = await newUser();
    // Each from an address of its own: the rate-limit headers count per address.
    const answerRight = await connect(right.headers, {
      customerNumber: markt.customerNumber,
      postalCode: markt.postalCode!,
    });
    const answerWrong = await connect(wrong.headers, {
      customerNumber: markt.customerNumber,
      postalCode: '99999',
    });
    const answerUnknown = await connect(wrong.headers, {
      customerNumber: 'P-999999',
      postalCode: '20095',
    });
    expectIndistinguishable(answerRight, answerWrong);
    expectIndistinguishable(answerRight, answerUnknown);
    expect(await membershipOf(wrong.customer.id, practices.markt)).toBeUndefined();
  });

  it('changes nothing for someone already in the practice, nor for a disabled practice', async () => {
    const clara = bearer(await api.issuer.tokenFor(demo.clara));
    const before = (await mailsTo(demo.anna)).length;
    const sommer = (
      await db().select().from(companies).where(eq(companies.id, practices.sommer))
    )[0]!;
    expect(
      (
        await connect(clara, {
          customerNumber: sommer.customerNumber!,
          postalCode: sommer.postalCode!,
        })
      ).statusCode,
    ).toBe(202);
    expect((await mailsTo(demo.anna)).length).toBe(before);

    const closed = await createPractice(db(), { status: 'disabled', postalCode: '80331' });
    const { customer, headers } = await newUser();
    expect(
      (await connect(headers, { customerNumber: closed.customerNumber, postalCode: '80331' }))
        .statusCode,
    ).toBe(202);
    expect(await membershipOf(customer.id, closed.id)).toBeUndefined();
  });

  it('accepts the customer number in lower case and with spaces around it', async () => {
    const { customer, headers } = await newUser();
    await connect(headers, {
      customerNumber: ` ${markt.customerNumber.toLowerCase()} `,
      postalCode: markt.postalCode!,
    });
    expect(await membershipOf(customer.id, practices.markt)).toMatchObject({ status: 'requested' });
  });

  it('refuses malformed input and a mistyped customer number with 400 and stores nothing', async () => {
    const { customer, headers } = await newUser();
    const problem = expectProblem(
      await connect(headers, { customerNumber: 'x', postalCode: '20095' }),
      400,
      'validation_failed',
    );
    expect(problem.errors).toContainEqual(
      expect.objectContaining({ field: 'body.customerNumber', code: 'invalid' }),
    );
    // Two digits of a new number swapped: its check digit no longer fits.
    const created = await createPractice(db(), { postalCode: '20095' });
    const digits = created.customerNumber.slice(2);
    const swapped = `P-${digits[1]}${digits[0]}${digits.slice(2)}`;
    if (swapped !== created.customerNumber) {
      expect(
        expectProblem(
          await connect(headers, { customerNumber: swapped, postalCode: '20095' }),
          400,
          'validation_failed',
        ).errors,
      ).toEqual([
        expect.objectContaining({ field: 'body.customerNumber', code: 'check_digit_mismatch' }),
      ]);
    }
    expect(
      await db().select().from(connectRequests).where(eq(connectRequests.customerId, customer.id)),
    ).toEqual([]);
    expectProblem(
      await api.client.unchecked(calls.companyConnectExistingCompany, {
        headers,
        body: { customerNumber: markt.customerNumber, postalCode: markt.postalCode, role: 'admin' },
        remoteAddress: randomClientAddress(),
      }),
      400,
      'validation_failed',
    );
    expect(await membershipOf(customer.id, practices.markt)).toBeUndefined();
  });

  it('is limited per account too: past 10 requests an hour from anywhere it answers 429', async () => {
    const { customer, headers } = await newUser();
    for (let i = 0; i < 10; i += 1) {
      expect(
        (await connect(headers, { customerNumber: 'P-999999', postalCode: `2009${i}` })).statusCode,
      ).toBe(202);
    }
    // From an address never seen before: the account's own limit holds.
    const refused = expectProblemAnswer(
      await connect(headers, {
        customerNumber: markt.customerNumber,
        postalCode: markt.postalCode!,
      }),
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect(await membershipOf(customer.id, practices.markt)).toBeUndefined();
    expect(
      await db().select().from(connectRequests).where(eq(connectRequests.customerId, customer.id)),
    ).toHaveLength(10);
  });
  const expectProblemAnswer = (answer: Awaited<ReturnType<typeof connect>>) => {
    expectProblem(answer, 429, 'rate_limited');
    return answer;
  };

  it('is rate limited: past 10 requests an hour from one address it answers 429', async () => {
    const { headers } = await newUser();
    const address = randomClientAddress();
    for (let i = 0; i < 10; i += 1) {
      expect(
        (await connect(headers, { customerNumber: 'P-999999', postalCode: '20095' }, address))
          .statusCode,
      ).toBe(202);
    }
    expectProblem(
      await connect(headers, { customerNumber: 'P-999999', postalCode: '20095' }, address),
      429,
      'rate_limited',
    );
  });
});
