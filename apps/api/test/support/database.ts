import {
  createEmptyDatabase as createEmpty,
  createTestDatabase as createCopy,
  isServerRun,
  type OpenOptions,
  type TestDatabase as SchemaTestDatabase,
} from '@pp/database/testing';
import * as schema from '../../src/db/schema.ts';

export { isServerRun };
export type TestDatabase = SchemaTestDatabase<typeof schema>;

/**
 * A database of its own with migrations and demo data applied (PGlite, or the server in CI);
 * `options.observe` sees its statements (test/telemetry).
 */
export function createTestDatabase(options?: OpenOptions): Promise<TestDatabase> {
  return createCopy(schema, options);
}

/** An empty database without migrations, for migration tests. */
export function createEmptyDatabase(): Promise<TestDatabase> {
  return createEmpty(schema);
}
