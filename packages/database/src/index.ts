export {
  DRIZZLE_TEXT_TYPES,
  openDatabase,
  type Database,
  type DatabaseTarget,
  type Db,
  type Executor,
  type OpenOptions,
  type StatementObserver,
  type Schema,
} from './client.ts';
export { DataDirLockedError, LOCK_FILE_NAME, lockDataDir } from './data-dir-lock.ts';
export {
  MigrationError,
  migrateDatabase,
  SCHEMA_LOCK_KEY,
  type MigrationReport,
} from './migrate.ts';
export {
  buildMarkedIndexes,
  CONCURRENTLY_MARKER,
  markedIndexes,
  type BuiltIndex,
  type MarkedIndex,
} from './concurrent-indexes.ts';
export { dumpEmbedded } from './backup/dump.ts';
export {
  BACKUP_SOCKET_NAME,
  BackupNotServedError,
  backupSocketFits,
  backupSocketOf,
  requestBackup,
} from './backup/socket.ts';
