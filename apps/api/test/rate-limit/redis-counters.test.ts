import { like } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { rateLimits } from '../../src/db/schema.ts';
import { createTestApp } from '../support/app.ts';
import { createApiClient } from '../support/client.ts';
import { useApi } from '../support/context.ts';
import { demo } from '../support/demo.ts';
import { expectProblem } from '../support/expect-problem.ts';
import { uniqueEmail } from '../support/factories.ts';
import { exhaustLimit, LIMIT, randomClientAddress } from './limits.ts';

// Like TEST_DATABASE_URL: CI names its Redis (`.ci/run`); a laptop without Redis leaves this out.
const REDIS_URL = process.env['TEST_REDIS_URL'] ?? '';

describe.runIf(REDIS_URL !== '')('rate limits with REDIS_URL', () => {
  const api = useApi({ env: { REDIS_URL } });

  it('keep the counters in Redis, shared by two instances', async () => {
    const second = await createTestApp({
      database: api.db.database,
      issuer: api.issuer,
      env: { REDIS_URL },
    });
    const redis = new Redis(REDIS_URL);
    try {
      const address = randomClientAddress();
      const token = await api.issuer.tokenFor(demo.ben);
      const last = await exhaustLimit([api.app, second], { token, address });
      expectProblem(last, 429, 'rate_limited');

      const keys = await redis.keys(`pp-rate-limit:*${address}`);
      expect(keys).toHaveLength(1);
      expect(Number(await redis.get(keys[0]!))).toBe(LIMIT + 1);
      const rows = await api.db.database.db
        .select()
        .from(rateLimits)
        .where(like(rateLimits.key, `%${address}`));
      expect(rows).toEqual([]);
    } finally {
      redis.disconnect();
      await second.close();
    }
  });

  it('keep the per-account counters of writes in Redis too (decision 0050)', async () => {
    const env = { REDIS_URL, ACCOUNT_WRITES_PER_HOUR: '2' };
    const apps = [
      await createTestApp({ database: api.db.database, issuer: api.issuer, env }),
      await createTestApp({ database: api.db.database, issuer: api.issuer, env }),
    ];
    try {
      const token = await api.issuer.tokenFor(uniqueEmail('redis'));
      const update = (index: number) =>
        createApiClient(apps[index % 2]!).customer.updateCustomerData({
          token,
          body: { phone: `+49 30 123456${index}` },
        });
      expect((await update(0)).statusCode).toBe(200);
      expect((await update(1)).statusCode).toBe(200);
      const refused = await update(2);
      expectProblem(refused, 429, 'rate_limited');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      const rows = await api.db.database.db
        .select()
        .from(rateLimits)
        .where(like(rateLimits.key, '%account:%'));
      expect(rows).toEqual([]);
    } finally {
      await Promise.all(apps.map((app) => app.close()));
    }
  });
});
