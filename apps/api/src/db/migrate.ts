import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Database } from './client.ts';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/** Advisory-lock key shared by every instance for migrations and the demo seed. */
export const SCHEMA_LOCK_KEY = 0x5050_6d69_6772n; // "PPmigr"

export class MigrationError extends Error {
  constructor(cause: unknown) {
    super(`Database migration failed: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
    this.name = 'MigrationError';
  }
}

/** Applies the pending versioned migrations; concurrent callers take turns under the lock. */
export async function migrateDatabase(
  database: Database,
  migrationsFolder = MIGRATIONS_FOLDER,
): Promise<void> {
  await database.withAdvisoryLock(SCHEMA_LOCK_KEY, async () => {
    try {
      if (database.kind === 'embedded') {
        await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
      } else {
        await migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder });
      }
    } catch (error) {
      throw new MigrationError(error);
    }
  });
}
