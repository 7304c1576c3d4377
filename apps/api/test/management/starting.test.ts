import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { SCHEMA_LOCK_KEY } from '../../src/db/migrate.ts';
import { freePort, startApi, type ApiProcess } from '../process/api-process.ts';
import { createEmptyDatabase, isServerRun, type TestDatabase } from '../support/database.ts';

// Issue 45, outside probe (M2): the management port listened only once the migrations had run,
// so `/health/live` was refused and `/health/started` never said 503 meanwhile: a startup probe
// killed a pod that migrated a large database (or waited for another's schema lock). It answers
// from the start now: alive, and not yet started or ready while the schema is being migrated.

interface Answer {
  status: number;
  body: { status?: string; checks?: { name: string; status: string; data?: object }[] };
}

describe.runIf(isServerRun())('the management port while the portal migrates', () => {
  let api: ApiProcess | undefined;
  let database: TestDatabase | undefined;
  let holder: pg.Client | undefined;
  afterAll(async () => {
    await api?.stop();
    await holder?.end().catch(() => undefined);
    await database?.drop().catch(() => undefined);
  });

  it('is alive at once, and started and ready only after the migrations', async () => {
    database = await createEmptyDatabase();
    // Another instance migrating: the schema lock is held.
    holder = new pg.Client({ connectionString: database.url! });
    await holder.connect();
    await holder.query('select pg_advisory_lock($1)', [SCHEMA_LOCK_KEY.toString()]);

    const managementPort = await freePort();
    api = await startApi({ DATABASE_URL: database.url!, MANAGEMENT_PORT: String(managementPort) });
    const get = async (route: string): Promise<Answer | undefined> => {
      const answer = await fetch(`http://127.0.0.1:${managementPort}${route}`).catch(
        () => undefined,
      );
      return answer && { status: answer.status, body: (await answer.json()) as Answer['body'] };
    };
    const until = async (route: string, status: number) => {
      const deadline = Date.now() + 60_000; // a cold start of tsx on a busy machine
      for (;;) {
        const answer = await get(route);
        if (answer?.status === status) return answer;
        if (Date.now() > deadline) {
          throw new Error(`${route} did not answer ${status}: ${api!.output()}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    };

    expect((await until('/health/live', 200)).body).toMatchObject({ status: 'UP' });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const started = await get('/health/started');
    expect(started).toMatchObject({
      status: 503,
      body: {
        status: 'DOWN',
        checks: [{ name: 'start-up', status: 'DOWN', data: { phase: 'migrating' } }],
      },
    });
    expect((await get('/health/ready'))?.status).toBe(503);
    expect((await get('/health/live'))?.status).toBe(200);

    await holder.query('select pg_advisory_unlock($1)', [SCHEMA_LOCK_KEY.toString()]);
    expect((await until('/health/started', 200)).body).toMatchObject({ status: 'UP' });
    expect((await until('/health/ready', 200)).body).toMatchObject({ status: 'UP' });
    expect(await api.stop()).toBe(0);
  }, 180_000);
});
