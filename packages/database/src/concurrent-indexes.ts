import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from './client.ts';

// Indexes on large tables, built before the migrations' transaction (decision 0104). A plain
// CREATE INDEX holds a lock that makes every write to its table wait until the index is built:
// on a provider's activity log (10,000,000 entries) 15–27 s. CREATE INDEX CONCURRENTLY lets the
// writes go on, but cannot run in the transaction drizzle's migrator opens. So a migration marks
// such an index with a line `-- concurrently` directly above its `CREATE INDEX IF NOT EXISTS`,
// and on a server, before the pending migrations run, each marked index of theirs is built
// concurrently here; the migration's own statement then finds it and builds nothing (it still
// takes the table's SHARE lock, for the moments until the migrations' transaction commits).

/** The line that marks an index to build concurrently before the migrations. */
export const CONCURRENTLY_MARKER = '-- concurrently';

/** The form a marked statement must have: the name and table quoted, as drizzle-kit writes them. */
const MARKED_STATEMENT = /^CREATE INDEX IF NOT EXISTS "([^"]+)" ON (?:"public"\.)?"([^"]+)" /;

/**
 * How long a concurrent build may wait for a lock, among them the end of each transaction of the
 * previous release that writes to the table. Running out fails the start, which tries again
 * after a pause (apps/api/src/db/wait-for-database.ts); the unfinished index is built anew then.
 */
export const BUILD_LOCK_TIMEOUT = '1min';

export interface MarkedIndex {
  /** The migration's file, e.g. `0029_large-tables-indexes.sql`. */
  file: string;
  /** The migration's `when` in the journal: drizzle's `created_at` once it is applied. */
  migrationMillis: number;
  name: string;
  table: string;
  /** The migration's `CREATE INDEX IF NOT EXISTS …`, without its final semicolon. */
  statement: string;
}

export interface BuiltIndex {
  name: string;
  table: string;
  milliseconds: number;
}

const JournalSchema = z.object({
  entries: z.array(z.object({ when: z.number(), tag: z.string() })),
});

/** A migration file's statements as drizzle's migrator splits them. */
const statementsOf = (text: string) => text.split('--> statement-breakpoint');

/** The statement a marker line stands above in `chunk`, if one does. */
function markedStatementOf(chunk: string): string | undefined {
  const lines = chunk.split('\n');
  const marker = lines.findIndex((line) => line.trim() === CONCURRENTLY_MARKER);
  if (marker === -1) return undefined;
  return lines
    .slice(marker + 1)
    .join('\n')
    .trim()
    .replace(/;$/, '');
}

/** Every index the migrations of `migrationsFolder` mark, in the journal's order. */
export function markedIndexes(migrationsFolder: string): MarkedIndex[] {
  const journal = JournalSchema.parse(
    JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')),
  );
  return journal.entries.flatMap((entry) => {
    const file = `${entry.tag}.sql`;
    const text = readFileSync(path.join(migrationsFolder, file), 'utf8');
    return statementsOf(text).flatMap((chunk) => {
      const statement = markedStatementOf(chunk);
      if (statement === undefined) return [];
      const match = MARKED_STATEMENT.exec(statement);
      if (!match) {
        throw new Error(
          `${file}: the statement under "${CONCURRENTLY_MARKER}" must be one ` +
            '`CREATE INDEX IF NOT EXISTS "name" ON "table" …`',
        );
      }
      return [{ file, migrationMillis: entry.when, name: match[1]!, table: match[2]!, statement }];
    });
  });
}

const Rows = z.object({ rows: z.array(z.record(z.string(), z.unknown())) });
const rowsOf = (result: unknown) => Rows.parse(result).rows;

/** drizzle's `created_at` of the newest applied migration; undefined before the first one. */
async function lastAppliedMillis(db: Db): Promise<number | undefined> {
  const [table] = rowsOf(
    await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as found`),
  );
  if (table?.['found'] !== true) return undefined;
  const [last] = rowsOf(
    await db.execute(sql`select max(created_at) as millis from drizzle.__drizzle_migrations`),
  );
  return last?.['millis'] === null || last === undefined ? undefined : Number(last['millis']);
}

/** Whether the relation `name` exists, and for an index whether it is valid. */
async function stateOf(db: Db, name: string): Promise<'absent' | 'valid' | 'invalid'> {
  const [row] = rowsOf(
    await db.execute(sql`
      select coalesce(i.indisvalid, true) as valid
        from pg_class c left join pg_index i on i.indexrelid = c.oid
       where c.oid = to_regclass(${`"${name}"`})`),
  );
  if (!row) return 'absent';
  return row['valid'] === true ? 'valid' : 'invalid';
}

/**
 * SQLSTATEs of a statement that names what a pending migration creates first (a table, column or
 * function): the index is left to that migration, which builds it after them.
 */
const NOT_YET_CREATED = new Set(['42P01', '42703', '42883']);

const codeOf = (error: unknown) => {
  for (let current = error; current instanceof Error; current = current.cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
};

/** Builds one marked index concurrently; false when its table or columns are not there yet. */
async function buildConcurrently(db: Db, index: MarkedIndex): Promise<boolean> {
  if ((await stateOf(db, index.table)) === 'absent') return false;
  const state = await stateOf(db, index.name);
  if (state === 'valid') return false;
  // An interrupted concurrent build leaves its index invalid: never used, but kept up to date by
  // every write, and `IF NOT EXISTS` would take it for built.
  if (state === 'invalid') await db.execute(sql.raw(`DROP INDEX CONCURRENTLY "${index.name}"`));
  try {
    await db.execute(
      sql.raw(index.statement.replace(/^CREATE INDEX /, 'CREATE INDEX CONCURRENTLY ')),
    );
  } catch (error) {
    if (NOT_YET_CREATED.has(codeOf(error) ?? '')) return false;
    throw error;
  }
  return true;
}

/**
 * Builds the marked indexes of the pending migrations of `migrationsFolder` concurrently, each
 * on its own outside any transaction, on `db`: the connection that holds the schema lock. Pending
 * are the migrations drizzle's migrator will apply: those newer than the newest applied one.
 */
export async function buildMarkedIndexes(db: Db, migrationsFolder: string): Promise<BuiltIndex[]> {
  const marked = markedIndexes(migrationsFolder);
  if (marked.length === 0) return [];
  const last = await lastAppliedMillis(db);
  // A new database: its tables are made by the migrations, empty; they build the indexes.
  if (last === undefined) return [];
  const pending = marked.filter((index) => index.migrationMillis > last);
  const built: BuiltIndex[] = [];
  // The session's settings, on a pooled connection: reset below. A build takes as long as the
  // table needs (no statement_timeout); the writes go on meanwhile.
  await db.execute(sql.raw(`SET statement_timeout = 0`));
  await db.execute(sql.raw(`SET lock_timeout = '${BUILD_LOCK_TIMEOUT}'`));
  // No `finally`: a failed build's connection is discarded with its settings (withAdvisoryLock),
  // and a RESET failing on the same cause would hide why the build failed.
  for (const index of pending) {
    const started = performance.now();
    if (await buildConcurrently(db, index)) {
      built.push({
        name: index.name,
        table: index.table,
        milliseconds: Math.round(performance.now() - started),
      });
    }
  }
  await db.execute(sql.raw('RESET statement_timeout'));
  await db.execute(sql.raw('RESET lock_timeout'));
  return built;
}
