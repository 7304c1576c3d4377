import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDataverseStandIn, type DataverseStandIn } from '../src/index.ts';
import { api, token } from './support.ts';

// Service protection API limits as documented at
// https://learn.microsoft.com/power-apps/developer/data-platform/api-limits
// With the Web API, a request over a limit answers 429 Too Many Requests with a `Retry-After`
// header (seconds) and an error such as 0x80072322 "Number of requests exceeded the limit of 6000
// over time window of 300 seconds."; the client waits that long before trying again.

let standIn: DataverseStandIn;
let bearer: string;
beforeAll(async () => {
  standIn = await startDataverseStandIn({ demo: false });
  bearer = await token(standIn);
});
afterAll(() => standIn.stop());

describe('service protection limits', () => {
  it('answers every n-th request with 429 and Retry-After', async () => {
    standIn.setThrottle({ every: 3, retryAfterSeconds: 2 });
    const statuses: number[] = [];
    let throttled;
    for (let i = 0; i < 6; i++) {
      const answer = await api(standIn, bearer, 'accounts?$select=name');
      statuses.push(answer.status);
      if (answer.status === 429) throttled = answer;
    }
    expect(statuses).toEqual([200, 200, 429, 200, 200, 429]);
    expect(throttled!.headers.get('retry-after')).toBe('2');
    expect(throttled!.body.error.code).toBe('0x80072322');
    standIn.setThrottle(null);
    expect((await api(standIn, bearer, 'accounts')).status).toBe(200);
  });

  it('answers every request with 429 for the next seconds, Retry-After counting down', async () => {
    standIn.setThrottle({ seconds: 30 });
    const read = await api(standIn, bearer, 'accounts');
    expect(read.status).toBe(429);
    expect(Number(read.headers.get('retry-after'))).toBeGreaterThan(28);
    const write = await api(standIn, bearer, 'accounts', { method: 'POST', body: { name: 'X' } });
    expect(write.status).toBe(429);
    expect(standIn.table('accounts')).toHaveLength(0);
    standIn.setThrottle({ seconds: 0 });
    expect((await api(standIn, bearer, 'accounts')).status).toBe(200);
    standIn.setThrottle(null);
  });

  it('starts throttled when asked, and leaves the token endpoint alone', async () => {
    const busy = await startDataverseStandIn({ demo: false, throttle: { every: 1 } });
    try {
      const bearer2 = await token(busy);
      expect(bearer2).toBeTruthy();
      expect((await api(busy, bearer2, 'WhoAmI')).status).toBe(429);
    } finally {
      await busy.stop();
    }
  });
});
