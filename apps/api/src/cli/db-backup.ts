import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { link, lstat, open, realpath, rename, rm, stat } from 'node:fs/promises';
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
// It never writes inside DATA_DIR, and replaces an existing file only with --force.

const USAGE = 'Usage: npm run db:backup [-- --output FILE [--force]]';

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

/** The path with its existing part's links resolved: where a file there would really be. */
async function realPathOf(file: string): Promise<string> {
  const rest: string[] = [];
  let at = file;
  for (;;) {
    try {
      return path.join(await realpath(at), ...rest);
    } catch (error) {
      const parent = path.dirname(at);
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || parent === at) return file;
      rest.unshift(path.basename(at));
      at = parent;
    }
  }
}

async function isInside(file: string, folder: string): Promise<boolean> {
  const relative = path.relative(await realPathOf(folder), await realPathOf(file));
  return !relative.startsWith('..') && !path.isAbsolute(relative);
}

/** Why the backup may not go to `file`; undefined: it may. */
async function refusalOf(
  file: string,
  dataDir: string,
  force: boolean,
): Promise<string | undefined> {
  if (await isInside(file, dataDir)) {
    return (
      `${file} is inside DATA_DIR ${dataDir}: a backup is never written there, ` +
      'it could replace a file of the database. Name a file outside it.'
    );
  }
  const found = await stat(file).catch(() => undefined);
  if (found?.isDirectory()) {
    return `${file} is a folder: name a file in it, such as ${path.join(file, defaultFileName(new Date()))}.`;
  }
  if (found || (await lstat(file).catch(() => undefined))) {
    return force
      ? undefined
      : `${file} exists already: name another file, or add --force to replace it.`;
  }
  const folder = path.dirname(file);
  if (!(await stat(folder).catch(() => undefined))?.isDirectory()) {
    return `The folder ${folder} does not exist: create it, or name a file in another one.`;
  }
  return undefined;
}

/**
 * Writes the backup beside its name, then puts it in place: a file with the backup's name is
 * always a whole backup. Without `force` it never replaces a file, not even one that appeared
 * while the backup was taken. The file beside goes on every failure: it holds the whole backup.
 * Returns why it was not put in place, or undefined.
 */
async function writeInPlace(
  file: string,
  contents: string,
  force: boolean,
): Promise<string | undefined> {
  const partial = `${file}.${randomBytes(4).toString('hex')}.partial`;
  let created = false;
  try {
    const handle = await open(partial, 'wx', 0o600);
    created = true;
    try {
      await handle.writeFile(contents);
    } finally {
      await handle.close();
    }
    if (force) {
      if ((await stat(file).catch(() => undefined))?.isDirectory()) {
        return `${file} is a folder now: name a file in it.`;
      }
      await rename(partial, file);
      return undefined;
    }
    try {
      // A link fails where the name is taken; rename would replace what is there.
      await link(partial, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
        return `${file} exists now: name another file, or add --force to replace it.`;
      }
      // A file system without hard links: checked again, then renamed.
      if (await lstat(file).catch(() => undefined)) {
        return `${file} exists now: name another file, or add --force to replace it.`;
      }
      await rename(partial, file);
    }
    return undefined;
  } finally {
    if (created) await rm(partial, { force: true });
  }
}

export async function runBackup(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  write: (line: string) => void,
): Promise<number> {
  let output: string | undefined;
  let force = false;
  try {
    const { values } = parseArgs({
      args: [...args],
      options: { output: { type: 'string', short: 'o' }, force: { type: 'boolean' } },
    });
    output = values.output;
    force = values.force ?? false;
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
  const file = fileArgument(output ?? defaultFileName(now));
  // Checked before the backup is taken, and again as it is put in place.
  const refused = await refusalOf(file, target.dataDir, force);
  if (refused) {
    write(refused);
    return 2;
  }
  const { sql, by } = await dumpOf(target.dataDir);
  const header = [
    `-- Practice Portal: backup of the embedded database in ${target.dataDir}, ${now.toISOString()}.`,
    '-- Restore with `npm run db:restore -- FILE` (into an empty DATA_DIR or DATABASE_URL), or',
    '-- psql --single-transaction -v ON_ERROR_STOP=1 -d DATABASE -f FILE (docs/operations.md).',
    '',
  ].join('\n');
  const notInPlace = await writeInPlace(file, header + sql, force);
  if (notInPlace) {
    write(notInPlace);
    return 2;
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const kib = Math.ceil(Buffer.byteLength(sql) / 1024);
  write(`Backed up ${target.dataDir} (${by}) to ${file}: ${kib} KiB in ${seconds} s.`);
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) runAsScript(runBackup);
