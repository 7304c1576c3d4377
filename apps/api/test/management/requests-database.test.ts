import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startManagementServer, type ManagementServer } from '../../src/management/server.ts';
import { isServerRun } from '../support/database.ts';
import { useApi } from '../support/context.ts';
import { demo } from '../support/demo.ts';

// Outside probe of issue 45, F1: readiness asks the database on a connection of its own, so that
// a full pool (load) does not take every instance out. When the server refuses new connections
// (max_connections reached, a role's or database's limit, connections not allowed), that
// connection stays open and answered, while the requests' pool could not connect: readiness said
// UP, and every request answered 500. Now the requests answer 503 with Retry-After, readiness
// is DOWN while the requests cannot reach the database, and UP again once they can.
describe.runIf(isServerRun())('when the server refuses the requests’ new connections', () => {
  const api = useApi();
  let management: ManagementServer;
  let admin: pg.Client;
  let name: string;
  beforeAll(async () => {
    management = await startManagementServer(api.app, { port: 0, host: '127.0.0.1' });
    admin = new pg.Client({ connectionString: process.env['TEST_DATABASE_URL'] });
    await admin.connect();
    name = new URL(api.db.url!).pathname.slice(1);
  });
  afterAll(async () => {
    await admin?.query(`alter database "${name}" allow_connections true`);
    await admin?.end();
    await management?.close();
  });

  const ready = async () => (await fetch(new URL('/health/ready', management.url))).status;
  const customerData = async () =>
    api.client.customer.getCustomerData({ token: await api.issuer.tokenFor(demo.clara) });
  /** Ends the requests' connections; the readiness check's stays. */
  const endPoolConnections = () =>
    admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where datname = $1 and application_name <> 'practice-portal readiness'`,
      [name],
    );

  it('answers 503, is not ready meanwhile, and is ready again when they can connect', async () => {
    expect((await customerData()).statusCode).toBe(200);
    expect(await ready()).toBe(200);

    await admin.query(`alter database "${name}" allow_connections false`);
    await endPoolConnections();
    const refused = await customerData();
    expect(refused.statusCode).toBe(503);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await ready()).toBe(503);

    await admin.query(`alter database "${name}" allow_connections true`);
    const deadline = Date.now() + 10_000;
    let status = await ready();
    while (status !== 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      status = await ready();
    }
    expect(status).toBe(200);
    expect((await customerData()).statusCode).toBe(200);
  });

  it('stays ready while its own connection cannot come back but the requests are served', async () => {
    // Probe P1: the check's connection, once lost at a connection limit, could not come back,
    // and readiness said DOWN while the instance served on its pool: on Kubernetes every
    // replica in that state leaves the Service without endpoints.
    expect((await customerData()).statusCode).toBe(200);
    await admin.query(`alter database "${name}" allow_connections false`);
    await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where datname = $1 and application_name = 'practice-portal readiness'`,
      [name],
    );
    // Each answer is a check of its own (one a second at most), for three seconds.
    const answers: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 1100));
      answers.push(await ready(), (await customerData()).statusCode);
    }
    await admin.query(`alter database "${name}" allow_connections true`);
    expect(answers).toEqual([200, 200, 200, 200, 200, 200]);
  });
});
