import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import {
  CONCURRENT_REQUESTS,
  DATAVERSE_CONCURRENT_LIMIT,
  sharedBudget,
} from '../../src/crm-sync/budget.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';

// Dataverse takes at most 52 requests at once per user, from all instances together (Microsoft
// Learn: "Service protection API limits",
// https://learn.microsoft.com/power-apps/developer/data-platform/api-limits). Each instance
// sends at most DATAVERSE_CONCURRENT_REQUESTS at once (issue 44); the others wait for a slot.

describe("an instance's share of the requests Dataverse takes at once", () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(() => test?.drop());

  /**
   * How many of `promises` have resolved once `expected` did (a reservation queries the
   * database) and a while longer passed in which no more may.
   */
  async function settled(promises: Promise<void>[], expected: number): Promise<number> {
    const done = promises.map(() => false);
    promises.forEach((promise, index) => void promise.then(() => (done[index] = true)));
    const count = () => done.filter(Boolean).length;
    for (let waited = 0; count() < expected && waited < 5000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
    return count();
  }

  for (const perMinute of [0, 900]) {
    it(`lets ${perMinute ? 'counted' : 'uncounted'} requests go at most two at a time`, async () => {
      const budget = sharedBudget(test.database.db, perMinute, 2);
      const requests = Array.from({ length: 5 }, () => budget.take());
      expect(await settled(requests, 2)).toBe(2);
      budget.spent(10);
      expect(await settled(requests, 3)).toBe(3);
      budget.spent(10);
      budget.spent(10);
      expect(await settled(requests, 5)).toBe(5);
      // Every slot is free again.
      for (let i = 0; i < 5; i++) budget.spent(10);
      const next = [budget.take(), budget.take(), budget.take()];
      expect(await settled(next, 2)).toBe(2);
      budget.spent(10);
      await Promise.all(next);
    });
  }

  it('holds no slot for a request the spent minute refuses', async () => {
    await test.database.db.execute(sql`delete from rate_limits`);
    const budget = sharedBudget(test.database.db, 1, 1);
    await budget.take();
    budget.spent(10);
    // The block of one request is spent: the next is refused, and leaves its slot free.
    await expect(budget.take()).rejects.toThrow(/service protection limits is spent/);
    await expect(budget.take()).rejects.toThrow(/service protection limits is spent/);
  });

  it('by default lets six instances together stay within 52', () => {
    const crm = loadConfig({
      CRM_PROVIDER: 'dataverse',
      DATAVERSE_URL: 'https://contoso.crm4.dynamics.com',
      DATAVERSE_TENANT_ID: '72f988bf-86f1-41af-91ab-2d7cd011db47',
      DATAVERSE_CLIENT_ID: '00000000-1111-2222-3333-444444444444',
      DATAVERSE_CLIENT_SECRET: 'secret',
    }).crm;
    expect(crm).toMatchObject({ concurrentRequests: CONCURRENT_REQUESTS });
    expect(6 * CONCURRENT_REQUESTS).toBeLessThanOrEqual(DATAVERSE_CONCURRENT_LIMIT);
  });
});
