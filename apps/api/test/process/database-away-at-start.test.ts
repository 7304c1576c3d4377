import { readFileSync } from 'node:fs';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { runMigrate } from '../../src/cli/db-migrate.ts';
import { MIGRATIONS_FOLDER, migrateDatabase } from '../../src/db/migrate.ts';
import { rows } from '../db/schema-fingerprint.ts';
import { createEmptyDatabase, isServerRun, type TestDatabase } from '../support/database.ts';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.ts';
import { freePort, startApi, type ApiProcess } from './api-process.ts';

// Issue 45, outside probe (F4): a database that could not be reached at start ended the process
// with exit 1, which Kubernetes answers with CrashLoopBackOff (back-off up to 5 minutes after the
// database is back), and the migrate Job gave up within a minute of an outage. The start now
// waits in phase `starting` while the server cannot be reached, and tries a migration that could
// not take its lock in time again; what is wrong in the settings still ends it at once.

const WAITING = 'Waiting for the database';
/** The migration that alters a table the previous ones made (it takes a lock with a timeout). */
const LOCKING_MIGRATION = '0027_crm-organisation';

interface Health {
  status?: string;
  checks?: { name: string; status: string; data?: { phase?: string } }[];
}

/** The migrations' journal of `folder` (drizzle's `meta/_journal.json`). */
function journalOf(folder: string) {
  return z
    .object({ entries: z.array(z.object({ tag: z.string() }).loose()) })
    .loose()
    .parse(JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The start-up's phase `/health/started` names, or its status once it is UP. */
async function startedState(managementPort: number): Promise<string | undefined> {
  const answer = await fetch(`http://127.0.0.1:${managementPort}/health/started`).catch(
    () => undefined,
  );
  if (!answer) return undefined;
  const body = (await answer.json()) as Health;
  return answer.status === 200 ? body.status : body.checks?.[0]?.data?.phase;
}

/** Polls until `check` holds; fails early with the api's output when the process has ended. */
async function until(api: ApiProcess, what: string, check: () => Promise<boolean> | boolean) {
  let ended = false;
  void api.exited.then(() => (ended = true));
  const deadline = Date.now() + 90_000; // a cold start of tsx on a busy machine
  for (;;) {
    if (await check()) return;
    if (ended) throw new Error(`the api ended before ${what}:\n${api.output()}`);
    if (Date.now() > deadline) throw new Error(`not ${what}:\n${api.output()}`);
    await sleep(200);
  }
}

const count = (text: string, part: string) => text.split(part).length - 1;

/** A database of its own on the server, reached through a TCP proxy the test can cut. */
async function databaseBehindProxy(cleanup: (() => Promise<unknown>)[]) {
  const target: TestDatabase = await createEmptyDatabase();
  cleanup.push(() => target.drop());
  const url = new URL(target.url!);
  const proxy: TcpProxy = await startTcpProxy({
    host: url.hostname,
    port: Number(url.port || 5432),
  });
  cleanup.push(() => proxy.close());
  url.host = `127.0.0.1:${proxy.port}`;
  return { target, proxy, url: url.toString() };
}

describe.runIf(isServerRun())('the start while the database cannot be used', () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  const started: ApiProcess[] = [];
  afterAll(async () => {
    await Promise.all(started.map((api) => api.stop()));
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
  });

  it('waits in phase starting while the server cannot be reached, and starts once it can', async () => {
    const { proxy, url } = await databaseBehindProxy(cleanup);
    await proxy.cut();
    const managementPort = await freePort();
    const api = await startApi({ DATABASE_URL: url, MANAGEMENT_PORT: String(managementPort) });
    started.push(api);

    await until(api, 'waiting in phase starting', async () => {
      return (await startedState(managementPort)) === 'starting' && api.output().includes(WAITING);
    });
    // Several attempts later it still waits, and has said so once, not once an attempt.
    await sleep(4000);
    expect(await startedState(managementPort)).toBe('starting');
    expect(count(api.output(), WAITING), api.output()).toBe(1);
    expect(api.output()).toContain('ECONNREFUSED');
    expect(api.output()).not.toContain('could not start');

    await proxy.restore();
    await until(api, 'started', async () => (await startedState(managementPort)) === 'UP');
    expect(api.output()).toMatch(/Waited \d+ s; the database answers now/);
    expect(await api.stop()).toBe(0);
  }, 180_000);

  it('still ends at once, with the server’s reason, when the database does not exist', async () => {
    const { target } = await databaseBehindProxy(cleanup);
    const url = new URL(target.url!);
    url.pathname = `${url.pathname}_missing`;
    const api = await startApi({ DATABASE_URL: url.toString() });
    started.push(api);
    expect(await api.exited).toBe(1);
    expect(api.output()).toContain('Practice Portal could not start.');
    expect(api.output()).toMatch(/database "[^"]+_missing" does not exist/);
    expect(api.output()).not.toContain(WAITING);
  }, 90_000);

  it('tries a migration again that could not take its lock in time', async () => {
    const { target, url } = await databaseBehindProxy(cleanup);
    // The schema as the previous release left it: the migrations before the locking one.
    const previous = await mkdtemp(path.join(os.tmpdir(), 'pp-migrations-'));
    cleanup.push(() => rm(previous, { recursive: true, force: true }));
    await cp(MIGRATIONS_FOLDER, previous, { recursive: true });
    const journal = journalOf(previous);
    const cut = journal.entries.findIndex((entry) => entry.tag === LOCKING_MIGRATION);
    expect(cut).toBeGreaterThan(0);
    await writeFile(
      path.join(previous, 'meta/_journal.json'),
      JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }),
    );
    await migrateDatabase(target.database, previous);

    // A long transaction of the previous release reads the table the migration alters.
    const holder = new pg.Client({ connectionString: target.url! });
    await holder.connect();
    cleanup.push(() => holder.end());
    await holder.query('begin');
    await holder.query('lock table crm_connection in access share mode');

    const managementPort = await freePort();
    const api = await startApi({ DATABASE_URL: url, MANAGEMENT_PORT: String(managementPort) });
    started.push(api);
    await until(api, 'waiting for the lock', () => api.output().includes(WAITING));
    expect(api.output()).toContain('lock timeout');
    expect(await startedState(managementPort)).toBe('migrating');

    await holder.query('commit');
    await until(api, 'started', async () => (await startedState(managementPort)) === 'UP');
    expect(await api.stop()).toBe(0);
  }, 180_000);

  it('npm run db:migrate waits as well while the server cannot be reached', async () => {
    const { proxy, url, target } = await databaseBehindProxy(cleanup);
    await proxy.cut();
    const lines: string[] = [];
    const code = await runMigrate([], { DATABASE_URL: url }, (line) => {
      lines.push(line);
      // The Job's pod stays up and migrates once the database is back.
      if (line.startsWith(WAITING)) void proxy.restore();
    });
    expect(code).toBe(0);
    expect(lines.filter((line) => line.startsWith(WAITING))).toHaveLength(1);
    expect(lines.at(-1)).toMatch(/is migrated\.$/);
    const applied = await rows(
      target.database.db,
      'select count(*)::int as n from drizzle.__drizzle_migrations',
    );
    expect(applied[0]?.['n']).toBe(journalOf(MIGRATIONS_FOLDER).entries.length);
  }, 120_000);
});
