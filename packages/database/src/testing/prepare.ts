import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, type Database, type Schema } from '../client.ts';
import { serverUrl } from './server-url.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** `pglite`, or `server` when TEST_DATABASE_URL names a PostgreSQL server. */
    dbKind: 'pglite' | 'server';
    /** PGlite: a data-folder snapshot with what `prepare` did applied. */
    pgliteSnapshot: string;
    /** Server: the database every test database is copied from. */
    pgTemplate: string;
    pgAdminUrl: string;
  }
}

/**
 * For a vitest global setup: prepares one database per run with `prepare` (migrations, demo data)
 * — a PGlite snapshot that each test file loads, or a template database on the server that each
 * test file copies (`CREATE DATABASE … TEMPLATE`). Returns the teardown.
 */
export async function prepareTestDatabases<S extends Schema>(
  project: TestProject,
  schema: S,
  prepare: (database: Database<S>) => Promise<void>,
): Promise<() => Promise<void>> {
  const adminUrl = process.env['TEST_DATABASE_URL'];
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'pp-db-test-'));
  if (!adminUrl) {
    const pglite = new PGlite();
    const database = await openDatabase({ kind: 'embedded', pglite }, schema);
    await prepare(database);
    const dump = await pglite.dumpDataDir('none');
    const snapshot = path.join(scratch, 'snapshot.tar');
    await writeFile(snapshot, Buffer.from(await dump.arrayBuffer()));
    await database.close();
    project.provide('dbKind', 'pglite');
    project.provide('pgliteSnapshot', snapshot);
    project.provide('pgTemplate', '');
    project.provide('pgAdminUrl', '');
    return async () => rm(scratch, { recursive: true, force: true });
  }

  const template = `pp_tpl_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${template}"`);
  const database = await openDatabase(
    { kind: 'server', url: serverUrl(adminUrl, template), poolSize: 2 },
    schema,
  );
  await prepare(database);
  await database.close();
  project.provide('dbKind', 'server');
  project.provide('pgliteSnapshot', '');
  project.provide('pgTemplate', template);
  project.provide('pgAdminUrl', adminUrl);
  return async () => {
    await admin.query(`drop database if exists "${template}" with (force)`);
    await admin.end();
    await rm(scratch, { recursive: true, force: true });
  };
}
