import { fileURLToPath } from 'node:url';
import {
  migrateDatabase as migrateFolder,
  type Database,
  type MigrationReport,
} from '@pp/database';

export { MigrationError, SCHEMA_LOCK_KEY } from '@pp/database';

/** The one migration history of the database: the api's tables and the provider's (0015). */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Applies the pending migrations; concurrent instances take turns under the schema lock. On a
 * server the indexes they mark are built concurrently first, each told to `report`.
 */
export function migrateDatabase(
  database: Database,
  migrationsFolder = MIGRATIONS_FOLDER,
  report?: MigrationReport,
) {
  return migrateFolder(database, migrationsFolder, report);
}
