import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { capturedLogs, createTestApp } from '../support/app.ts';
import { createTestDatabase, isServerRun, type TestDatabase } from '../support/database.ts';
import { demo } from '../support/demo.ts';
import { startTestIssuer, type TestIssuer } from '../support/issuer.ts';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.ts';
import { createApiClient } from '../support/client.ts';

// An outage of the database server needs a server; PGlite lives in the process.
describe.runIf(isServerRun())('while the database server is unreachable', () => {
  let copy: TestDatabase;
  let proxy: TcpProxy;
  let database: Database;
  let issuer: TestIssuer;
  let app: FastifyInstance;

  beforeAll(async () => {
    copy = await createTestDatabase();
    const url = new URL(copy.url!);
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.host = `127.0.0.1:${proxy.port}`;
    database = await openDatabase({ kind: 'server', url: url.toString(), poolSize: 4 });
    issuer = await startTestIssuer();
    app = await createTestApp({ database, issuer });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await proxy?.close();
    await issuer?.close();
    await copy?.drop();
  });

  const customerData = async () =>
    createApiClient(app).customer.getCustomerData({ token: await issuer.tokenFor(demo.clara) });
  const isAlive = () => createApiClient(app).lifetime.isAlive();

  it('answers 503 with Retry-After (never 500), warns once, and recovers when it is back', async () => {
    expect((await customerData()).statusCode).toBe(200);
    const logsBefore = capturedLogs.length;
    await proxy.cut();
    const answers = [];
    for (let i = 0; i < 6; i += 1) answers.push(await customerData());
    answers.push(await isAlive());
    for (const answer of answers) {
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toMatchObject({ code: 'service_unavailable' });
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    }
    const outageLogs = capturedLogs
      .slice(logsBefore)
      .map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(outageLogs.filter((line) => line.level >= 50)).toEqual([]);
    expect(outageLogs.filter((line) => line.msg === 'database unavailable')).toHaveLength(1);

    await proxy.restore();
    /** The status of `call` once it answers 200, or its last one after 5 s. */
    const within5s = async (call: () => Promise<{ statusCode: number }>) => {
      const deadline = Date.now() + 5_000;
      let status = 0;
      while (Date.now() < deadline && status !== 200) {
        status = (await call()).statusCode;
        if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return status;
    };
    expect(await within5s(customerData)).toBe(200);
    expect(await within5s(isAlive)).toBe(200);
  });

  it('says that every connection is in use, not that the database is away, when the pool is full', async () => {
    // Probe of issue 45: slow statements holding the whole pool made requests wait and then
    // fail with pg-pool's "timeout exceeded when trying to connect", logged as an outage.
    const logsBefore = capturedLogs.length;
    const holders = Array.from({ length: 4 }, () =>
      database.db.execute(sql`select pg_sleep(7)`).catch(() => undefined),
    );
    const answer = await customerData();
    expect(answer.statusCode).toBe(503);
    expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    await Promise.all(holders);
    const lines = capturedLogs
      .slice(logsBefore)
      .map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(lines.filter((line) => line.msg === 'database unavailable')).toEqual([]);
    expect(lines.filter((line) => line.msg === 'all database connections in use')).toHaveLength(1);
    expect((await customerData()).statusCode).toBe(200);
    // The database was never away (probe P4): the episode ends as what it was.
    const after = capturedLogs.slice(logsBefore).map((line) => JSON.parse(line) as { msg: string });
    expect(after.map((line) => line.msg)).toContain('database connections free again');
    expect(after.map((line) => line.msg)).not.toContain('database available again');
  });
});
