import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase } from '../src/index.ts';
import { createEmptyDatabase, isServerRun, type TestDatabase } from '../src/testing/index.ts';

// An index marked `-- concurrently` in a pending migration is built with CREATE INDEX
// CONCURRENTLY before the migrations' transaction (decision 0104), on a server only.

const TABLE = `CREATE TABLE "entries" (
  "id" bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  "company" integer NOT NULL,
  "n" integer NOT NULL
);`;
const MARKED = `SET LOCAL lock_timeout = '5s';--> statement-breakpoint
SET LOCAL statement_timeout = '60s';--> statement-breakpoint
-- concurrently
CREATE INDEX IF NOT EXISTS "entries_company_idx" ON "entries" USING btree ("company","id");`;

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A migrations folder as drizzle-kit writes it, with these migrations in this order. */
function migrationsFolder(...migrations: string[]): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'pp-migrations-'));
  folders.push(folder);
  mkdirSync(path.join(folder, 'meta'));
  const entries = migrations.map((text, idx) => {
    const tag = `000${idx}_step`;
    writeFileSync(path.join(folder, `${tag}.sql`), text);
    return { idx, version: '7', when: 1_700_000_000_000 + idx, tag, breakpoints: true };
  });
  writeFileSync(
    path.join(folder, 'meta/_journal.json'),
    JSON.stringify({ version: '7', dialect: 'postgresql', entries }),
  );
  return folder;
}

const before = migrationsFolder(TABLE);
const withIndex = migrationsFolder(TABLE, MARKED);

describe.runIf(isServerRun())('an index marked to build concurrently (server)', () => {
  let target: TestDatabase;
  const clients: pg.Client[] = [];
  const session = async () => {
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    clients.push(client);
    return client;
  };
  /** The index's definition and whether it is valid; undefined while there is none. */
  const indexOf = async (name: string) => {
    const { rows } = await (
      await session()
    ).query<{ indexdef: string; valid: boolean }>(
      `select pg_get_indexdef(i.indexrelid) as indexdef, i.indisvalid as valid
         from pg_index i where i.indexrelid = to_regclass($1)`,
      [name],
    );
    return rows[0];
  };
  const applied = async () =>
    (await (await session()).query('select created_at from drizzle.__drizzle_migrations')).rows
      .length;

  beforeEach(async () => {
    target = await createEmptyDatabase({});
    await migrateDatabase(target.database, before);
    await target.database.db.execute(
      'insert into entries (company, n) select g % 7, g from generate_series(1, 1000) g',
    );
  });
  afterEach(async () => {
    for (const client of clients.splice(0)) await client.end();
    await target?.drop();
  });

  it('is built before the migration, which is then recorded as applied', async () => {
    const built = await migrateDatabase(target.database, withIndex);
    expect(built.map(({ name, table }) => ({ name, table }))).toEqual([
      { name: 'entries_company_idx', table: 'entries' },
    ]);
    expect(await indexOf('entries_company_idx')).toEqual({
      indexdef: 'CREATE INDEX entries_company_idx ON public.entries USING btree (company, id)',
      valid: true,
    });
    expect(await applied()).toBe(2);
    // Applied, it is not built again.
    expect(await migrateDatabase(target.database, withIndex)).toEqual([]);
  });

  it('lets another session write to the table while it is built', async () => {
    // A transaction of the previous release that wrote to the table and is still open: the
    // build waits for it to end (a plain CREATE INDEX too, holding every later write behind it).
    const open = await session();
    await open.query('begin');
    await open.query('insert into entries (company, n) values (1, 0)');
    let settled = false;
    const migrating = migrateDatabase(target.database, withIndex).finally(() => {
      settled = true;
    });
    const watcher = await session();
    for (;;) {
      const { rows } = await watcher.query(
        `select 1 from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'
            and query like 'CREATE INDEX%entries_company_idx%'`,
      );
      if (rows.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const writer = await session();
    await writer.query(`set lock_timeout = '20s'`);
    await writer.query('insert into entries (company, n) values (2, 0)');
    expect(settled).toBe(false);
    await open.query('commit');
    await migrating;
    expect((await indexOf('entries_company_idx'))?.valid).toBe(true);
    expect(await applied()).toBe(2);
  });

  it('drops an index an interrupted build left invalid and builds it again', async () => {
    const interrupted = await session();
    await interrupted.query('insert into entries (company, n) values (1, 0)');
    // Division by zero at the row with n = 0 ends the build after its index was created.
    await expect(
      interrupted.query('create index concurrently "entries_company_idx" on entries ((1 / n))'),
    ).rejects.toThrow(/division by zero/);
    expect((await indexOf('entries_company_idx'))?.valid).toBe(false);

    const built = await migrateDatabase(target.database, withIndex);
    expect(built.map((index) => index.name)).toEqual(['entries_company_idx']);
    expect(await indexOf('entries_company_idx')).toEqual({
      indexdef: 'CREATE INDEX entries_company_idx ON public.entries USING btree (company, id)',
      valid: true,
    });
  });

  it('is built once when two instances start together', async () => {
    const other = await openDatabase({ kind: 'server', url: target.url ?? '', poolSize: 2 }, {});
    try {
      const results = await Promise.all([
        migrateDatabase(target.database, withIndex),
        migrateDatabase(other, withIndex),
      ]);
      expect(results.flat().map((index) => index.name)).toEqual(['entries_company_idx']);
      expect((await indexOf('entries_company_idx'))?.valid).toBe(true);
      expect(await applied()).toBe(2);
    } finally {
      await other.close();
    }
  });
});
