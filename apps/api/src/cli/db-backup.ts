import { existsSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import {
  BackupNotServedError,
  backupSocketFits,
  backupSocketOf,
  DataDirLockedError,
  dumpEmbedded,
  lockDataDir,
  requestBackup,
} from '@pp/database';
import { databaseTargetOf, fileArgument, runAsScript } from './database-target.ts';

// `npm run db:backup [-- --output FILE]`: a plain-SQL dump of the embedded database in DATA_DIR,
// which `npm run db:restore` and PostgreSQL's psql load alike. The running portal takes it, asked
// on its backup socket; while the portal is stopped, this command opens the folder itself
// (decision 0102). With DATABASE_URL, the server's own tools (docs/operations.md, "Backups").

const USAGE = 'Usage: npm run db:backup [-- --output FILE]';

/** `practice-portal-2026-11-29T08-15-00Z.sql`: sorts by time, valid on every file system. */
function defaultFileName(now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');
  return `practice-portal-${stamp}.sql`;
}

/** The dump, from the portal that has the folder open, or from the folder while it is stopped. */
async function dumpOf(dataDir: string): Promise<{ sql: string; by: string }> {
  try {
    return { sql: await requestBackup(dataDir), by: 'taken by the running portal' };
  } catch (error) {
    if (!(error instanceof BackupNotServedError)) throw error;
  }
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    throw new Error(`${dataDir} holds no embedded database (DATA_DIR).`);
  }
  let lock;
  try {
    lock = lockDataDir(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    const why = backupSocketFits(dataDir)
      ? 'its folder cannot hold the socket'
      : 'the path of DATA_DIR is too long for a socket (107 bytes)';
    throw new Error(
      `${error.message}\nThe process that has it open does not answer on ${backupSocketOf(dataDir)} ` +
        `(${why}, or it is a portal older than this command): stop it, then back up.`,
    );
  }
  try {
    const pglite = await PGlite.create(dataDir);
    try {
      return { sql: await dumpEmbedded(pglite), by: 'the portal was not running' };
    } finally {
      await pglite.close();
    }
  } finally {
    lock.release();
  }
}

export async function runBackup(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  write: (line: string) => void,
): Promise<number> {
  let output: string | undefined;
  try {
    output = parseArgs({ args: [...args], options: { output: { type: 'string', short: 'o' } } })
      .values.output;
  } catch {
    write(USAGE);
    return 2;
  }
  const target = databaseTargetOf(env);
  if (target.kind === 'server') {
    write(
      'DATABASE_URL is set: back up the server with its own tools, such as pg_dump or ' +
        'continuous archiving (docs/operations.md, "Backups").',
    );
    return 2;
  }
  const started = performance.now();
  const now = new Date();
  const { sql, by } = await dumpOf(target.dataDir);
  const file = fileArgument(output ?? defaultFileName(now), env);
  const header = [
    `-- Practice Portal: backup of the embedded database in ${target.dataDir}, ${now.toISOString()}.`,
    '-- Restore with `npm run db:restore -- FILE` (into an empty DATA_DIR or DATABASE_URL), or',
    '-- psql --single-transaction -v ON_ERROR_STOP=1 -d DATABASE -f FILE (docs/operations.md).',
    '',
  ].join('\n');
  // Written beside, then renamed: a file with the backup's name is always a whole backup.
  const partial = `${file}.partial`;
  await writeFile(partial, header + sql, { mode: 0o600 });
  await rename(partial, file);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const kib = Math.ceil(Buffer.byteLength(sql) / 1024);
  write(`Backed up ${target.dataDir} (${by}) to ${file}: ${kib} KiB in ${seconds} s.`);
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) runAsScript(runBackup);
