import { fileURLToPath } from 'node:url';
import { openDatabase } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { databaseTargetOf, describeTarget, runAsScript } from './database-target.ts';

// `npm run db:migrate`: applies the pending migrations and ends, as the start of the portal does
// before it serves (under the same advisory lock): for a step of its own before a rollout, such
// as the Kubernetes Job in deploy/kubernetes/.

export async function runMigrate(
  _args: readonly string[],
  env: NodeJS.ProcessEnv,
  write: (line: string) => void,
): Promise<number> {
  const target = databaseTargetOf(env);
  const database = await openDatabase(target);
  try {
    await migrateDatabase(database);
  } finally {
    await database.close();
  }
  write(`${describeTarget(target)} is migrated.`);
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) runAsScript(runMigrate);
