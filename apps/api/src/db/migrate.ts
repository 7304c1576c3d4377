import { fileURLToPath } from 'node:url';
import { migrateDatabase as migrateFolder, type Database } from '@pp/database';

export { MigrationError, SCHEMA_LOCK_KEY } from '@pp/database';

/** The one migration history of the database: the api's tables and the provider's (0015). */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/** Applies the pending migrations; concurrent instances take turns under the schema lock. */
export function migrateDatabase(database: Database, migrationsFolder = MIGRATIONS_FOLDER) {
  return migrateFolder(database, migrationsFolder);
}
