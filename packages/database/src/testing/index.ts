export {
  createEmptyDatabase,
  createTestDatabase,
  isServerRun,
  type TestDatabase,
} from './test-database.ts';
export type { OpenOptions } from '../client.ts';
export { prepareTestDatabases } from './prepare.ts';
