import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { calls, needsToken } from '@pp/contract';
import { locations } from '../../src/db/schema.ts';
import { useApi } from '../support/context.ts';
import { expectProblem } from '../support/expect-problem.ts';
import { createCustomer, createPractice, uniqueEmail } from '../support/factories.ts';
import { randomClientAddress } from './limits.ts';

/** The limit of this file's app, low so the tests stay fast (the default is decision 0050's). */
const LIMIT = 3;

/** Every write a signed-in account makes (the test endpoints' `anyone` calls have no account). */
const WRITES = Object.values(calls)
  .filter((call) => call.method !== 'GET' && needsToken(call))
  .map((call) => [call.path, call] as const);

describe('the per-account limit on writes', () => {
  const api = useApi({ env: { ACCOUNT_WRITES_PER_HOUR: String(LIMIT) } });
  const db = () => api.db.database.db;

  it('answers CreateLocation past the limit with 429 and Retry-After, and stores no more', async () => {
    const email = uniqueEmail('filialen');
    const colleague = uniqueEmail('kollegin');
    const superadmin = await createCustomer(db(), { email });
    const practice = await createPractice(db(), { superadminId: superadmin.id });
    await createCustomer(db(), {
      email: colleague,
      practices: [{ companyId: practice.id, role: 'admin' }],
    });
    const create = async (who: string, number: number) =>
      api.client.location.createLocation({
        token: await api.issuer.tokenFor(who),
        // From a new address each time: the limit is the account's, not the address's.
        remoteAddress: randomClientAddress(),
        body: {
          companyId: practice.id,
          name: `Filiale ${number}`,
          street: 'Hauptstraße 1',
          postalCode: '10115',
          city: 'Berlin',
        },
      });

    for (let number = 1; number <= LIMIT; number += 1) {
      expect((await create(email, number)).statusCode).toBe(201);
    }
    const refused = await create(email, LIMIT + 1);
    expectProblem(refused, 429, 'rate_limited');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    const stored = await db().select().from(locations).where(eq(locations.companyId, practice.id));
    expect(stored).toHaveLength(LIMIT);

    // Another account of the same practice still writes.
    expect((await create(colleague, LIMIT + 1)).statusCode).toBe(201);
  });

  it.each(WRITES)('%s is limited per account', async (_path, call) => {
    const token = await api.issuer.tokenFor(uniqueEmail('schreiber'));
    const send = () =>
      api.client.unchecked(call, { token, remoteAddress: randomClientAddress(), body: {} });
    for (let request = 1; request <= LIMIT; request += 1) {
      expect((await send()).statusCode, `request ${request}`).not.toBe(429);
    }
    const refused = await send();
    expectProblem(refused, 429, 'rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
