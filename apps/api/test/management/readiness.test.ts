import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, calls } from '@pp/contract';
import {
  openManagementServer,
  startManagementServer,
  type ManagementServer,
} from '../../src/management/server.ts';
import { useApi } from '../support/context.ts';
import { demo } from '../support/demo.ts';
import { value } from './support.ts';

// Issue 45: `/health/ready` is DOWN (503) while the database lacks this version's migrations or
// the instance is shutting down; and the load the portal sheds is counted.

describe('readiness', () => {
  const api = useApi();
  let management: ManagementServer;
  const ready = async () => {
    const answer = await fetch(new URL('/health/ready', management.url));
    return { status: answer.status, body: (await answer.json()) as { status: string } };
  };
  beforeAll(async () => {
    management = await startManagementServer(api.app, { port: 0, host: '127.0.0.1' });
  });
  afterAll(() => management?.close());

  it('is DOWN until the database holds every migration of this version', async () => {
    const db = api.db.database.db;
    const [newest] = (
      (await db.execute(
        sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
      )) as unknown as { rows: { id: number; hash: string; created_at: string }[] }
    ).rows;
    await db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${newest!.id}`);
    const behind = await ready();
    expect(behind.status).toBe(503);
    expect(behind.body).toMatchObject({
      status: 'DOWN',
      checks: expect.arrayContaining([{ name: 'migrations', status: 'DOWN' }]),
    });
    await db.execute(
      sql`insert into drizzle.__drizzle_migrations (id, hash, created_at)
          values (${newest!.id}, ${newest!.hash}, ${newest!.created_at})`,
    );
    expect((await ready()).status).toBe(200);
  });

  it('is DOWN while the instance shuts down, when liveness still answers', async () => {
    api.app.draining = true;
    try {
      expect(await ready()).toMatchObject({ status: 503, body: { status: 'DOWN' } });
      expect((await fetch(new URL('/health/live', management.url))).status).toBe(200);
    } finally {
      api.app.draining = false;
    }
  });
});

// Outside probe of issue 45, F2: readiness answered 200 before the public port listened, so the
// upgrade's step "stop an old instance once the new one is ready" could stop one too early.
describe('readiness during the start-up', () => {
  const api = useApi();
  let management: ManagementServer;
  afterAll(() => management?.close());

  it('is DOWN, with the phase, until the instance has started', async () => {
    management = await openManagementServer(api.app.metrics, { port: 0, host: '127.0.0.1' });
    const ready = async () => {
      const answer = await fetch(new URL('/health/ready', management.url));
      return { status: answer.status, body: (await answer.json()) as unknown };
    };
    management.phase('preparing');
    management.attach(api.app);
    expect(await ready()).toMatchObject({
      status: 503,
      body: { status: 'DOWN', checks: [{ name: 'start-up', data: { phase: 'preparing' } }] },
    });
    expect((await fetch(new URL('/health/started', management.url))).status).toBe(503);
    management.markStarted();
    expect((await ready()).status).toBe(200);
    expect((await fetch(new URL('/health/started', management.url))).status).toBe(200);
  });
});

// A heap limit below what any process uses makes the pressure certain (as overload.test.ts).
describe('load shedding', () => {
  const api = useApi({ env: { OVERLOAD_MAX_HEAP_MIB: '1' } });
  let management: ManagementServer;
  beforeAll(async () => {
    management = await startManagementServer(api.app, { port: 0, host: '127.0.0.1' });
  });
  afterAll(() => management?.close());

  it('is counted by reason', async () => {
    const scrape = async () => (await fetch(new URL('/metrics', management.url))).text();
    await new Promise((resolve) => setTimeout(resolve, 250)); // the first samples
    const before = await scrape();
    const shed = await api.client.customer.getCustomerData({
      token: await api.issuer.tokenFor(demo.clara),
    });
    expect(shed.statusCode).toBe(503);
    const after = await scrape();
    const metric = 'practice_portal_load_shed_total';
    const labels = { reason: 'heapUsedBytes' };
    expect(value(after, metric, labels)).toBe(value(before, metric, labels) + 1);
    // Liveness of the public port is never shed, nor counted as shed.
    const alive = await api.app.inject({
      method: 'GET',
      url: `${API_BASE}${calls.lifetimeIsAlive.path}`,
    });
    expect(alive.statusCode).toBe(200);
    expect(value(await scrape(), metric, labels)).toBe(value(after, metric, labels));
  });
});
