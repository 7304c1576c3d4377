export {
  createEmptyDatabase,
  createTestDatabase,
  isServerRun,
  type TestDatabase,
} from './test-database.ts';
export { prepareTestDatabases } from './prepare.ts';
