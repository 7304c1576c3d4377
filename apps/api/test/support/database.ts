import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { serverUrl } from './global-setup.ts';

export interface TestDatabase {
  database: Database;
  /** Connection string of the server database; undefined on PGlite. */
  url: string | undefined;
  drop(): Promise<void>;
}

async function createServerDatabase(template: string | null): Promise<TestDatabase> {
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
  const database = await openDatabase({ kind: 'server', url, poolSize: 5 });
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

/** A database of its own with migrations and demo data applied (PGlite, or the server in CI). */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (inject('dbKind') === 'server') return createServerDatabase(inject('pgTemplate'));
  const snapshot = await readFile(inject('pgliteSnapshot'));
  const pglite = new PGlite({ loadDataDir: new Blob([snapshot]) });
  const database = await openDatabase({ kind: 'embedded', pglite });
  return { database, url: undefined, drop: () => database.close() };
}

/** An empty database without migrations, for migration tests. */
export async function createEmptyDatabase(): Promise<TestDatabase> {
  if (inject('dbKind') === 'server') return createServerDatabase(null);
  const database = await openDatabase({ kind: 'embedded', pglite: new PGlite() });
  return { database, url: undefined, drop: () => database.close() };
}

export function isServerRun(): boolean {
  return inject('dbKind') === 'server';
}
