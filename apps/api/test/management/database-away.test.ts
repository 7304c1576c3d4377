import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { startManagementServer, type ManagementServer } from '../../src/management/server.ts';
import { createTestApp } from '../support/app.ts';
import { createTestDatabase, isServerRun, type TestDatabase } from '../support/database.ts';
import { startTestIssuer, type TestIssuer } from '../support/issuer.ts';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.ts';
import { samples, value } from './support.ts';

// Issue 45 (outside probe): readiness must not wait behind the requests' work — a full pool or
// a held lock is load, not an outage, and made every pod unready at once — and must still say
// DOWN within the probe's timeout (2 s) once the database is gone. The figures of a scrape the
// database did not answer are left out, not shown as 0. On a server the database is stopped by
// cutting a TCP proxy in front of it; the embedded one by closing it.

const P = 'practice_portal_';
const PROBE_TIMEOUT_MS = 2000;
/** The figures read from the database are shared by the scrapes of one second. */
const FIGURES_FRESH_MS = 1100;
/** A server pool this small fills with two requests' transactions. */
const POOL_SIZE = 2;

describe('while the database is busy or away', () => {
  const ctx = {} as {
    copy: TestDatabase;
    proxy?: TcpProxy;
    database: Database;
    issuer: TestIssuer;
    app: FastifyInstance;
    management: ManagementServer;
  };
  beforeAll(async () => {
    ctx.copy = await createTestDatabase();
    if (isServerRun()) {
      const url = new URL(ctx.copy.url!);
      ctx.proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
      url.host = `127.0.0.1:${ctx.proxy.port}`;
      ctx.database = await openDatabase({
        kind: 'server',
        url: url.toString(),
        poolSize: POOL_SIZE,
      });
    } else {
      ctx.database = ctx.copy.database;
    }
    ctx.issuer = await startTestIssuer();
    ctx.app = await createTestApp({ database: ctx.database, issuer: ctx.issuer });
    ctx.management = await startManagementServer(ctx.app, { port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await ctx.management?.close();
    await ctx.app?.close();
    await ctx.issuer?.close();
    if (ctx.proxy) {
      await ctx.database?.close().catch(() => undefined);
      await ctx.proxy.close();
    }
    await ctx.copy?.drop().catch(() => undefined);
  });

  const get = (path: string) => fetch(new URL(path, ctx.management.url));
  /** `/health/ready`'s status and how long it took. */
  async function ready() {
    const started = Date.now();
    const answer = await get('/health/ready');
    const body = (await answer.json()) as { checks: { name: string; status: string }[] };
    return {
      status: answer.status,
      ms: Date.now() - started,
      database: body.checks.find((check) => check.name === 'database')?.status,
      migrations: body.checks.find((check) => check.name === 'migrations')?.status,
    };
  }

  /**
   * Holds what requests could hold: every connection of the pool in a transaction, one of them
   * with a table locked (on the embedded database, its one connection), and one more statement
   * queued behind them. Released by the function it returns.
   */
  async function holdTheDatabase(): Promise<() => Promise<void>> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const db = ctx.database.db;
    const holders = Array.from({ length: ctx.database.kind === 'server' ? POOL_SIZE : 1 }, (_, i) =>
      db.transaction(async (tx) => {
        if (i === 0) await tx.execute(sql`lock table mail_outbox in access exclusive mode`);
        else await tx.execute(sql`select 1`);
        await released;
      }),
    );
    const queued = db.execute(sql`select count(*) from mail_outbox`);
    await new Promise((resolve) => setTimeout(resolve, 200)); // all of them under way
    return async () => {
      release();
      await Promise.all([...holders, queued]);
    };
  }

  it('answers within the probe’s timeout right after start, while requests hold every connection', async () => {
    // No readiness was asked yet: whether this version's migrations are applied is not known.
    const release = await holdTheDatabase();
    try {
      const first = await ready();
      expect(first.ms).toBeLessThan(PROBE_TIMEOUT_MS);
      // A server's readiness asks on a connection of its own; the embedded database has one.
      if (ctx.database.kind === 'server') {
        expect(first).toMatchObject({ status: 200, database: 'UP', migrations: 'UP' });
      }
    } finally {
      await release();
    }
  }, 20_000);

  it('stays ready while requests hold every connection and a lock', async () => {
    expect((await ready()).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, FIGURES_FRESH_MS)); // a check of its own
    const release = await holdTheDatabase();
    try {
      const busy = await ready();
      expect(busy).toMatchObject({ status: 200, database: 'UP' });
      expect(busy.ms).toBeLessThan(PROBE_TIMEOUT_MS);
      // Load, not an outage: `database_up` is the readiness check's answer.
      const text = await (await get('/metrics')).text();
      expect(value(text, `${P}database_up`)).toBe(1);
    } finally {
      await release();
    }
  });

  it('shows the figures while the database answers', async () => {
    await new Promise((resolve) => setTimeout(resolve, FIGURES_FRESH_MS));
    const text = await (await get('/metrics')).text();
    expect(value(text, `${P}database_up`)).toBe(1);
    expect(samples(text, `${P}mail_outbox_depth`)).toHaveLength(1);
  });

  it('is unready within the probe’s timeout once the database is stopped, and leaves the figures out', async () => {
    if (ctx.proxy) await ctx.proxy.cut();
    else await ctx.database.close();
    await new Promise((resolve) => setTimeout(resolve, FIGURES_FRESH_MS));

    const away = await ready();
    expect(away).toMatchObject({ status: 503, database: 'DOWN' });
    expect(away.ms).toBeLessThan(PROBE_TIMEOUT_MS);

    const text = await (await get('/metrics')).text();
    expect(value(text, `${P}database_up`)).toBe(0);
    // Unknown, not 0: a dashboard would read an empty outbox.
    for (const name of ['mail_outbox_depth', 'mail_outbox_oldest_age_seconds']) {
      expect(samples(text, `${P}${name}`), name).toEqual([]);
    }
    // What the process knows itself is still there.
    expect(samples(text, 'process_cpu_user_seconds_total')).toHaveLength(1);
  });
});
