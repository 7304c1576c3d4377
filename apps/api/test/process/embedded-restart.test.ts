import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCK_FILE_NAME } from '@pp/database';
import { isServerRun } from '../support/database.ts';
import { startApi, type ApiProcess } from './api-process.ts';

/** Opens the folder while no api runs on it, and gives `work` the embedded database. */
async function withFolder<T>(dataDir: string, work: (pglite: PGlite) => Promise<T>): Promise<T> {
  const pglite = await PGlite.create(dataDir);
  try {
    return await work(pglite);
  } finally {
    await pglite.close();
  }
}

async function count(pglite: PGlite, query: string): Promise<number | undefined> {
  return (await pglite.query<{ n: number }>(query)).rows[0]?.n;
}

// Embedded mode does not touch the PostgreSQL server: the PGlite run of the suite covers it, and
// the server run would only repeat it.
describe.runIf(!isServerRun())('the api process on the embedded database', () => {
  const started: ApiProcess[] = [];
  const folders: string[] = [];
  const emptyFolder = async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'pp-embedded-'));
    folders.push(folder);
    return folder;
  };
  const start = async (dataDir: string) => {
    const api = await startApi({ DATA_DIR: dataDir });
    started.push(api);
    return api;
  };
  afterAll(async () => {
    await Promise.all(started.map((api) => api.stop()));
    await Promise.all(folders.map((f) => rm(f, { recursive: true, force: true })));
  });

  it('answers IsAlive within 60 s on an empty folder, and again after a restart with the data kept', async () => {
    const dataDir = await emptyFolder();
    const first = await start(dataDir);
    await first.waitUntilAlive(60_000);
    expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(true);
    expect(await first.stop()).toBe(0);
    expect(existsSync(path.join(dataDir, LOCK_FILE_NAME))).toBe(false);

    await withFolder(dataDir, (pglite) =>
      pglite.query(`insert into customers (email) values ('kept.after.restart@example.com')`),
    );
    const second = await start(dataDir);
    await second.waitUntilAlive(60_000);
    expect(await second.stop()).toBe(0);

    await withFolder(dataDir, async (pglite) => {
      expect(
        await count(
          pglite,
          `select count(*)::int as n from customers where email = 'kept.after.restart@example.com'`,
        ),
      ).toBe(1);
      // The demo seed ran twice and left one of each.
      expect(await count(pglite, `select count(*)::int as n from customers`)).toBe(5);
      expect(await count(pglite, `select count(*)::int as n from companies`)).toBe(2);
      expect(await count(pglite, `select count(*)::int as n from memberships`)).toBe(5);
    });
  }, 180_000);

  // Node 20 is past its end of life (decision 0036): oidc-provider says so there, rightly.
  it.runIf(Number(process.versions.node.split('.')[0]) >= 22)(
    'starts without a runtime or deprecation warning on the supported Node versions',
    async () => {
      const api = await start(await emptyFolder());
      await api.waitUntilAlive(60_000);
      expect(await api.stop()).toBe(0);
      // Node's own warnings read "(node:PID) [CODE] …"; oidc-provider's "Unsupported runtime".
      expect(api.output()).not.toMatch(/\(node:\d+\)|Unsupported runtime/);
    },
    180_000,
  );

  it('refuses a second process on a folder in use, leaving the first one running', async () => {
    const dataDir = await emptyFolder();
    const first = await start(dataDir);
    await first.waitUntilAlive(60_000);
    const second = await start(dataDir);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('The database could not be opened');
    expect(second.output()).toContain(`The data folder ${dataDir} is already in use`);
    await first.waitUntilAlive(5_000);
    expect(await first.stop()).toBe(0);
  }, 120_000);
});
