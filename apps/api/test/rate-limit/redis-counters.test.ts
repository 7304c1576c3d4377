import { like } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { rateLimits } from '../../src/db/schema.ts';
import { createTestApp } from '../support/app.ts';
import { useApi } from '../support/context.ts';
import { demo } from '../support/demo.ts';
import { expectProblem } from '../support/expect-problem.ts';
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
});
