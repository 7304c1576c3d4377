import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { createEmptyDatabase, isServerRun, type TestDatabase } from '../support/database.ts';
import { startApi, type ApiProcess } from './api-process.ts';

const CONFLICT = 'create table customers (legacy_id integer primary key, name text)';

/** Settings of a database where a foreign `customers` table is in the first migration's way. */
async function conflictingDatabase(
  cleanup: (() => Promise<unknown>)[],
): Promise<Record<string, string>> {
  if (isServerRun()) {
    const server: TestDatabase = await createEmptyDatabase();
    cleanup.push(() => server.drop());
    await server.database.db.execute(CONFLICT);
    return { DATABASE_URL: server.url!, DEMO_DATA: 'true' };
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pp-failing-'));
  cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
  const pglite = await PGlite.create(dataDir);
  await pglite.exec(CONFLICT);
  await pglite.close();
  return { DATA_DIR: dataDir };
}

describe('a failing migration', () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  let api: ApiProcess | undefined;
  afterAll(async () => {
    await api?.stop();
    for (const step of cleanup) await step();
  });

  it('stops the start with a non-zero exit and says which migration failed and why', async () => {
    api = await startApi(await conflictingDatabase(cleanup));
    expect(await api.exited).toBe(1);
    expect(api.output()).toContain('Practice Portal could not start.');
    expect(api.output()).toContain(
      'Database migration failed in 0000_initial.sql: relation "customers" already exists',
    );
  }, 90_000);
});
