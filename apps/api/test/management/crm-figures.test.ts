import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startManagementServer, type ManagementServer } from '../../src/management/server.ts';
import { useCrm } from '../support/crm.ts';
import { demo } from '../support/demo.ts';
import { value } from './support.ts';

// Issue 45: the CRM's outbox and sync on the management port, against the stand-in Dataverse;
// the portal stays ready while the CRM is away, and says so.

const P = 'practice_portal_';
/** Figures read from the database are shared by the scrapes of one second. */
const FIGURES_FRESH_MS = 1100;

describe('the CRM on the management port', () => {
  const crm = useCrm({ pageSize: 50 });
  let management: ManagementServer;
  const get = (path: string) => fetch(new URL(path, management.url));
  const scrape = async () => (await get('/metrics')).text();
  beforeAll(async () => {
    management = await startManagementServer(crm.app, { port: 0, host: '127.0.0.1' });
    await crm.connector.connect();
    expect((await crm.connector.syncNow()).failed).toEqual([]);
    await crm.connector.pushNow();
  });
  afterAll(() => management?.close());

  it('shows the sync lag of each kind of record, and the outbox’s depth and age', async () => {
    const synced = await scrape();
    const lag = value(synced, `${P}crm_sync_lag_seconds`, { entity: 'customer' });
    expect(lag).toBeGreaterThanOrEqual(0);
    expect(lag).toBeLessThan(60);
    expect(value(synced, `${P}crm_outbox_depth`)).toBe(0);
    expect(value(synced, `${P}crm_outbox_oldest_age_seconds`)).toBe(0);

    const changed = await crm.client.customer.updateCustomerData({
      token: await crm.issuer.tokenFor(demo.anna),
      body: { firstName: 'Annemarie' },
    });
    expect(changed.statusCode).toBe(200);
    await sleep(FIGURES_FRESH_MS);
    const waiting = await scrape();
    expect(value(waiting, `${P}crm_outbox_depth`)).toBe(1);
    expect(value(waiting, `${P}crm_outbox_oldest_age_seconds`)).toBeGreaterThan(0);
    expect(value(waiting, `${P}crm_outbox_parked`)).toBe(0);
    expect(waiting).not.toContain('Annemarie');
  });

  it('stays ready while the CRM is away, with the CRM’s state in the body', async () => {
    await crm.standIn.suspend();
    try {
      const failed = await crm.connector.pushNow().catch(() => undefined);
      expect(failed?.pushed ?? 0).toBe(0);
      const ready = await get('/health/ready');
      expect(ready.status).toBe(200);
      const body = (await ready.json()) as { status: string; checks: { name: string }[] };
      expect(body.status).toBe('UP');
      expect(body.checks.find((check) => check.name === 'crm')).toMatchObject({
        status: 'UP',
        data: { provider: 'dataverse', outboxWaiting: 1, outboxParked: 0 },
      });
    } finally {
      await crm.standIn.resume();
    }
  });
});
