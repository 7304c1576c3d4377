import { fileURLToPath } from 'node:url';
import { migrateDatabasePatiently, openDatabasePatiently } from '../db/wait-for-database.ts';
import { databaseTargetOf, describeTarget, runAsScript } from './database-target.ts';

// `npm run db:migrate`: applies the pending migrations and ends, as the start of the portal does
// before it serves (under the same advisory lock): for a step of its own before a rollout, such
// as the Kubernetes Job in deploy/kubernetes/. Like the start, it waits while the database cannot
// be reached and tries a migration again that could not take its lock in time: the Job's few
// retries would be spent within a minute of an outage. The Job's deadline bounds the wait.

export async function runMigrate(
  _args: readonly string[],
  env: NodeJS.ProcessEnv,
  write: (line: string) => void,
): Promise<number> {
  const target = databaseTargetOf(env);
  const database = await openDatabasePatiently(target, write);
  try {
    await migrateDatabasePatiently(database, write);
  } finally {
    await database.close();
  }
  write(`${describeTarget(target)} is migrated.`);
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) runAsScript(runMigrate);
