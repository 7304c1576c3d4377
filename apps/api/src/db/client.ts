import {
  openDatabase as openWithSchema,
  type Database as SchemaDatabase,
  type DatabaseTarget,
  type Db as SchemaDb,
  type Executor as SchemaExecutor,
  type OpenOptions,
} from '@pp/database';
import * as schema from './schema.ts';

/** The api's database, with its relational schema (which includes the provider's tables). */
export type Db = SchemaDb<typeof schema>;
export type Executor = SchemaExecutor<typeof schema>;
export type Database = SchemaDatabase<typeof schema>;
export type { DatabaseTarget };

/** `options.observe`: a span per statement while tracing is on (apps/api/src/telemetry). */
export function openDatabase(target: DatabaseTarget, options?: OpenOptions): Promise<Database> {
  return openWithSchema(target, schema, options);
}
