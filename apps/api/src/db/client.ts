import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction or the database itself: anything that runs queries. */
export type Executor = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  kind: 'embedded' | 'server';
  db: Db;
  /** Runs `work` while holding a PostgreSQL advisory lock, so concurrent instances take turns. */
  withAdvisoryLock<T>(key: bigint, work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: 'embedded'; dataDir: string }
  | { kind: 'embedded'; pglite: PGlite }
  | { kind: 'server'; url: string; poolSize?: number };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'embedded') {
    const folderLock = 'dataDir' in target ? lockDataDir(target.dataDir) : undefined;
    let client: PGlite;
    try {
      client = 'pglite' in target ? target.pglite : await PGlite.create(target.dataDir);
    } catch (error) {
      folderLock?.release();
      throw error;
    }
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    return {
      kind: 'embedded',
      db,
      // One PGlite instance is one connection: the lock still guards against re-entry
      // and keeps the code path the same as on a server.
      async withAdvisoryLock(key, work) {
        await client.query('select pg_advisory_lock($1)', [key.toString()]);
        try {
          return await work();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [key.toString()]);
        }
      },
      async close() {
        try {
          await client.close();
        } finally {
          folderLock?.release();
        }
      },
    };
  }
  const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 10 });
  // An idle client that loses its server connection must not crash the process.
  pool.on('error', () => undefined);
  // Fail here, with the server's reason, rather than later in the first migration.
  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end();
    throw error;
  }
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    kind: 'server',
    db,
    async withAdvisoryLock(key, work) {
      const lockClient = await pool.connect();
      try {
        await lockClient.query('select pg_advisory_lock($1)', [key.toString()]);
        try {
          return await work();
        } finally {
          await lockClient.query('select pg_advisory_unlock($1)', [key.toString()]);
        }
      } finally {
        lockClient.release();
      }
    },
    close: () => pool.end(),
  };
}
