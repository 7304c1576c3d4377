import { like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { calls } from '@pp/contract';
import { createTestApp } from '../support/app.ts';
import { createApiClient } from '../support/client.ts';
import { useApi } from '../support/context.ts';
import { demo } from '../support/demo.ts';
import { expectProblem } from '../support/expect-problem.ts';
import { rateLimits } from '../../src/db/schema.ts';
import { exhaustLimit, LIMIT, randomClientAddress, sendLimited } from './limits.ts';

describe('rate limits with counters in the database', () => {
  const api = useApi();

  it('answer 429 rate_limited past the limit, counted across two instances', async () => {
    const second = await createTestApp({ database: api.db.database, issuer: api.issuer });
    try {
      const address = randomClientAddress();
      const token = await api.issuer.tokenFor(demo.anna);
      const last = await exhaustLimit([api.app, second], { token, address });
      expectProblem(last, 429, 'rate_limited');
      expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);

      // The counter is per client address (and per account, decision 0052): another person at
      // another address still gets through.
      const other = await sendLimited(
        second,
        await api.issuer.tokenFor(demo.clara),
        randomClientAddress(),
      );
      expect(other.statusCode).toBe(202);

      const rows = await api.db.database.db
        .select()
        .from(rateLimits)
        .where(like(rateLimits.key, `%${address}`));
      expect(rows).toEqual([expect.objectContaining({ count: LIMIT + 1 })]);
    } finally {
      await second.close();
    }
  });

  it('do not limit reading one’s own data, nor other calls without a limit', async () => {
    const address = randomClientAddress();
    const app: FastifyInstance = api.app;
    const token = await api.issuer.tokenFor(demo.clara);
    for (let i = 0; i < 150; i += 1) {
      const call = i % 2 ? calls.lifetimePrivate : calls.customerGetCustomerData;
      const response = await createApiClient(app).call(call, { token, remoteAddress: address });
      expect(response.statusCode).toBe(200);
    }
  });
});
