import type { TestProject } from 'vitest/node';
import { prepareTestDatabases } from '@pp/database/testing';
import { migrateDatabase } from '../../src/db/migrate.ts';
import * as schema from '../../src/db/schema.ts';
import { seedDemoData } from '../../src/db/seed/demo.ts';

/**
 * Prepares one migrated, demo-seeded database per run (decision 0004); every test file of the
 * api and of the embedded provider gets its own copy through `createTestDatabase()`.
 */
export default function setup(project: TestProject) {
  return prepareTestDatabases(project, schema, async (database) => {
    await migrateDatabase(database);
    await seedDemoData(database);
  });
}
