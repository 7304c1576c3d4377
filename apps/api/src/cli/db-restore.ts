import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { LOCK_FILE_NAME, lockDataDir } from '@pp/database';
import { databaseTargetOf, describeTarget, fileArgument, runAsScript } from './database-target.ts';

// `npm run db:restore -- FILE`: loads a backup of `npm run db:backup` (plain SQL) into an empty
// DATA_DIR or, with DATABASE_URL, into an empty database on a PostgreSQL server: moving from the
// embedded database to a server is this same restore (docs/operations.md, "Backups").

const USAGE = 'Usage: npm run db:restore -- FILE';

/** The folder's entries; none when it does not exist. */
async function entriesOf(folder: string): Promise<string[]> {
  try {
    return await readdir(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

async function restoreEmbedded(dataDir: string, sql: string): Promise<void> {
  if ((await entriesOf(dataDir)).length > 0) {
    throw new Error(
      `DATA_DIR ${dataDir} is not empty: restore into a new folder, then point DATA_DIR at it.`,
    );
  }
  const lock = lockDataDir(dataDir);
  try {
    const pglite = await PGlite.create(dataDir);
    try {
      // One simple query: its statements commit together or not at all.
      await pglite.exec(sql);
    } catch (error) {
      await pglite.close();
      // Leaves the folder empty, as it was: its contents go, not the folder (a volume's mount
      // point may not be ours to remove), and the restore's own error is what is reported.
      for (const entry of await entriesOf(dataDir)) {
        if (entry === LOCK_FILE_NAME) continue;
        await rm(path.join(dataDir, entry), { recursive: true, force: true }).catch(
          () => undefined,
        );
      }
      throw error;
    }
    await pglite.close();
  } finally {
    lock.release();
  }
}

async function restoreServer(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_class c join pg_namespace s on s.oid = c.relnamespace
        where s.nspname in ('public', 'drizzle') and c.relkind in ('r', 'p', 'v', 'm', 'S')`,
    );
    if ((rows[0]?.n ?? 0) > 0) {
      throw new Error(
        'The database holds tables already: restore into a new, empty one (createdb), ' +
          'then point DATABASE_URL at it.',
      );
    }
    // Without parameters, one simple query: its statements commit together or not at all.
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function runRestore(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  write: (line: string) => void,
): Promise<number> {
  let file: string | undefined;
  try {
    const { positionals } = parseArgs({ args: [...args], allowPositionals: true });
    file = positionals.length === 1 ? positionals[0] : undefined;
  } catch {
    file = undefined;
  }
  if (!file) {
    write(USAGE);
    return 2;
  }
  const target = databaseTargetOf(env);
  const source = fileArgument(file);
  const sql = await readFile(source, 'utf8');
  const started = performance.now();
  if (target.kind === 'embedded') await restoreEmbedded(target.dataDir, sql);
  else await restoreServer(target.url, sql);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  write(
    `Restored ${source} into ${describeTarget(target)} in ${seconds} s. Start the portal on it ` +
      'with the TOTP_ENCRYPTION_KEY and NEWSLETTER_LINK_KEY it had, where they were set.',
  );
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) runAsScript(runRestore);
