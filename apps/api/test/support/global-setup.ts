import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client.ts';
import { migrateDatabase } from '../../src/db/migrate.ts';
import { seedDemoData } from '../../src/db/seed/demo.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** `pglite`, or `server` when TEST_DATABASE_URL names a PostgreSQL server. */
    dbKind: 'pglite' | 'server';
    /** PGlite: a data-folder snapshot with migrations and demo data applied. */
    pgliteSnapshot: string;
    /** Server: the database every test database is copied from. */
    pgTemplate: string;
    pgAdminUrl: string;
  }
}

export function serverUrl(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * Prepares one migrated, demo-seeded database per run: a PGlite snapshot that each test file
 * loads, or a template database on the server that each test file copies (`CREATE DATABASE …
 * TEMPLATE`). Test files never share a database, so none depends on another's changes.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env['TEST_DATABASE_URL'];
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'pp-api-test-'));
  if (!adminUrl) {
    const pglite = new PGlite();
    const database = await openDatabase({ kind: 'embedded', pglite });
    await migrateDatabase(database);
    await seedDemoData(database);
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
  const database = await openDatabase({
    kind: 'server',
    url: serverUrl(adminUrl, template),
    poolSize: 2,
  });
  await migrateDatabase(database);
  await seedDemoData(database);
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
