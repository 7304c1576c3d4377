import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DrizzleQueryError } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Database } from './client.ts';
import { buildMarkedIndexes, type BuiltIndex } from './concurrent-indexes.ts';

/** Advisory-lock key shared by every instance for the migrations (the demo seed has its own). */
export const SCHEMA_LOCK_KEY = 0x5050_6d69_6772n; // "PPmigr"

/** The migration file holding the failed statement, if one does. */
function failedFile(error: unknown, migrationsFolder: string): string | undefined {
  if (!(error instanceof DrizzleQueryError)) return undefined;
  // A marked index built before the migrations names its file without the CONCURRENTLY.
  const statement = error.query.trim().replace(/^CREATE INDEX CONCURRENTLY /, 'CREATE INDEX ');
  try {
    return readdirSync(migrationsFolder)
      .filter((name) => name.endsWith('.sql'))
      .find((name) => readFileSync(path.join(migrationsFolder, name), 'utf8').includes(statement));
  } catch {
    return undefined;
  }
}

/** The database's own words, not the whole failed SQL drizzle puts in its message. */
function rootMessage(error: unknown): string {
  let current = error;
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  const code = (current as { code?: unknown }).code;
  const message = current instanceof Error ? current.message : String(current);
  return typeof code === 'string' ? `${message} (SQLSTATE ${code})` : message;
}

export class MigrationError extends Error {
  constructor(cause: unknown, migrationsFolder: string) {
    const file = failedFile(cause, migrationsFolder);
    super(
      `Database migration failed${file ? ` in ${file}` : ''}: ${rootMessage(cause)}. ` +
        'The pending migrations run in one transaction, so none of them was applied.',
      { cause },
    );
    this.name = 'MigrationError';
  }
}

/** Tells the operator what the migrations did beyond applying them, one line at a time. */
export type MigrationReport = (line: string) => void;

/**
 * Applies the pending versioned migrations of `migrationsFolder`, on the connection that holds
 * the schema lock: concurrent instances take turns, and the pool's other connections stay free.
 * On a server the indexes they mark are built concurrently first (concurrent-indexes.ts); PGlite
 * is one connection, with no writer of the previous release to keep waiting.
 */
export async function migrateDatabase(
  database: Database,
  migrationsFolder: string,
  report: MigrationReport = () => undefined,
): Promise<BuiltIndex[]> {
  return database.withAdvisoryLock(SCHEMA_LOCK_KEY, async (db) => {
    try {
      if (database.kind === 'embedded') {
        await migratePglite(db as unknown as PgliteDatabase, { migrationsFolder });
        return [];
      }
      const built = await buildMarkedIndexes(db, migrationsFolder);
      for (const index of built) {
        report(
          `Built index ${index.name} on ${index.table} concurrently before the migrations ` +
            `in ${(index.milliseconds / 1000).toFixed(1)} s.`,
        );
      }
      await migratePg(db as unknown as NodePgDatabase, { migrationsFolder });
      return built;
    } catch (error) {
      throw new MigrationError(error, migrationsFolder);
    }
  });
}
