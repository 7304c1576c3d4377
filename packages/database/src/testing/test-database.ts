import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database, type OpenOptions, type Schema } from '../client.ts';
import { serverUrl } from './server-url.ts';
import './prepare.ts';

export interface TestDatabase<S extends Schema = Schema> {
  database: Database<S>;
  /** Connection string of the server database; undefined on PGlite. */
  url: string | undefined;
  drop(): Promise<void>;
}

async function createServerDatabase<S extends Schema>(
  template: string | null,
  schema: S,
  options?: OpenOptions,
): Promise<TestDatabase<S>> {
  const adminUrl = inject('pgAdminUrl');
  const name = `pp_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(
      template ? `create database "${name}" template "${template}"` : `create database "${name}"`,
    );
  } finally {
    await admin.end();
  }
  const url = serverUrl(adminUrl, name);
  const database = await openDatabase({ kind: 'server', url, poolSize: 5 }, schema, options);
  return {
    database,
    url,
    async drop() {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists "${name}" with (force)`);
      await dropper.end();
    },
  };
}

/**
 * A database of its own, copied from the one the global setup prepared (PGlite snapshot, or the
 * server's template database in CI). A test file never shares it; `drop()` removes it.
 */
export async function createTestDatabase<S extends Schema>(
  schema: S,
  options?: OpenOptions,
): Promise<TestDatabase<S>> {
  if (inject('dbKind') === 'server') {
    return createServerDatabase(inject('pgTemplate'), schema, options);
  }
  const snapshot = await readFile(inject('pgliteSnapshot'));
  const pglite = new PGlite({ loadDataDir: new Blob([snapshot]) });
  const database = await openDatabase({ kind: 'embedded', pglite }, schema, options);
  return { database, url: undefined, drop: () => database.close() };
}

/** An empty database without migrations, for migration tests. */
export async function createEmptyDatabase<S extends Schema>(schema: S): Promise<TestDatabase<S>> {
  if (inject('dbKind') === 'server') return createServerDatabase(null, schema);
  const database = await openDatabase({ kind: 'embedded', pglite: new PGlite() }, schema);
  return { database, url: undefined, drop: () => database.close() };
}

export function isServerRun(): boolean {
  return inject('dbKind') === 'server';
}
