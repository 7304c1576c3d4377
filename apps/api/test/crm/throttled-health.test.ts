import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startManagementServer, type ManagementServer } from '../../src/management/server.ts';
import { OPERATOR_TOKEN, useCrm } from '../support/crm.ts';
import { demo } from '../support/demo.ts';

// Issue 44 (outside probe, low): while Dataverse refuses requests with 429 and Retry-After
// (learn.microsoft.com/power-apps/developer/data-platform/api-limits), the outbox and the sync
// of every instance wait; the operator's view said `ok` meanwhile. It says `throttled` and until
// when, and the portal stays ready.

describe('the health while the CRM throttles', () => {
  const crm = useCrm({ pageSize: 50, env: { OPERATOR_TOKEN } });
  let management: ManagementServer;
  const health = async () =>
    (
      await crm.app.inject({
        url: '/operator/crm',
        headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
      })
    ).json<{ state: string; throttle: { until: string; retryAfterSeconds: number } | null }>();
  beforeAll(async () => {
    management = await startManagementServer(crm.app, { port: 0, host: '127.0.0.1' });
    await crm.connector.connect();
    expect((await crm.connector.syncNow()).failed).toEqual([]);
    await crm.connector.pushNow();
  });
  afterAll(() => management?.close());

  it('is ok, and not throttled, while the CRM answers', async () => {
    expect(await health()).toMatchObject({ state: 'ok', throttle: null });
  });

  it('says throttled, and until when, while requests are refused with 429', async () => {
    crm.standIn.setThrottle({ seconds: 30 });
    try {
      const changed = await crm.client.customer.updateCustomerData({
        token: await crm.issuer.tokenFor(demo.anna),
        body: { phone: '+49 30 5151' },
      });
      expect(changed.statusCode).toBe(200);
      const push = await crm.connector.pushNow();
      expect(push.pushed).toBe(0);
      expect(push.crmAwayMs).toBeGreaterThan(0);

      const throttled = await health();
      expect(throttled.state).toBe('throttled');
      expect(throttled.throttle?.retryAfterSeconds).toBeGreaterThan(20);
      expect(throttled.throttle?.retryAfterSeconds).toBeLessThanOrEqual(30);
      const until = Date.parse(throttled.throttle?.until ?? '');
      expect(until).toBeGreaterThan(Date.now() + 20_000);
      expect(until).toBeLessThanOrEqual(Date.now() + 31_000);

      // A refused sync round marks its kind of record failed; the state still says why.
      await crm.connector.syncNow();
      expect((await health()).state).toBe('throttled');

      const ready = await fetch(new URL('/health/ready', management.url));
      expect(ready.status).toBe(200);
      const body = (await ready.json()) as { status: string; checks: { name: string }[] };
      expect(body.status).toBe('UP');
      expect(body.checks.find((check) => check.name === 'crm')).toMatchObject({
        status: 'UP',
        data: { state: 'throttled' },
      });
    } finally {
      crm.standIn.setThrottle(null);
    }
  });
});
