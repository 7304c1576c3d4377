import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MIGRATIONS_FOLDER, MigrationError, migrateDatabase } from '../../src/db/migrate.ts';
import * as apiSchema from '../../src/db/schema.ts';
import * as idpSchema from '@pp/idp/schema';
import { markedIndexes } from '@pp/database';
import { openDatabase } from '../../src/db/client.ts';
import { createEmptyDatabase, isServerRun, type TestDatabase } from '../support/database.ts';
import { appliedMigrations, dataDigest, rows, schemaFingerprint } from './schema-fingerprint.ts';

const JournalSchema = z.object({
  entries: z.array(z.object({ idx: z.number(), when: z.number(), tag: z.string() })),
});
const journal = JournalSchema.parse(
  JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')),
);

// The schema files drizzle.config.ts generates migrations from: the api's and the provider's.
const schema = { ...apiSchema, ...idpSchema };

const schemaTables = Object.values(schema as Record<string, unknown>)
  .flatMap((value) => (is(value, PgTable) ? [getTableConfig(value).name] : []))
  .sort();

describe('migrations on an empty database', () => {
  let target: TestDatabase;
  beforeAll(async () => {
    target = await createEmptyDatabase();
  });
  afterAll(async () => target?.drop());

  it('create every table of the schema and record each migration once', async () => {
    await migrateDatabase(target.database);
    const tables = await rows(
      target.database.db,
      `select table_name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    );
    expect(tables.map((t) => t['table_name'])).toEqual(schemaTables);
    const applied = await appliedMigrations(target.database.db);
    expect(applied.map((m) => Number(m['created_at']))).toEqual(journal.entries.map((e) => e.when));
  });

  it('change nothing when run a second time', async () => {
    const schemaBefore = await schemaFingerprint(target.database.db);
    const dataBefore = await dataDigest(target.database.db);
    const appliedBefore = await appliedMigrations(target.database.db);
    await migrateDatabase(target.database);
    expect(await schemaFingerprint(target.database.db)).toEqual(schemaBefore);
    expect(await dataDigest(target.database.db)).toEqual(dataBefore);
    expect(await appliedMigrations(target.database.db)).toEqual(appliedBefore);
  });
});

// PGlite is one connection anyway; on a server, migrating must not need a second one.
describe.runIf(isServerRun())('migrations with a pool of a single connection (server)', () => {
  let target: TestDatabase;
  beforeAll(async () => {
    target = await createEmptyDatabase();
  });
  afterAll(async () => target?.drop());

  it('run on the connection that holds the schema lock', async () => {
    const single = await openDatabase({ kind: 'server', url: target.url ?? '', poolSize: 1 });
    try {
      await migrateDatabase(single);
      expect((await appliedMigrations(single.db)).length).toBe(journal.entries.length);
    } finally {
      await single.close();
    }
  });
});

describe('the migration journal', () => {
  // The migrator applies only migrations newer than the last applied one, so an existing
  // database picks up a new migration only if the journal's times increase.
  it('lists its migrations in increasing time order, each with its file', () => {
    const times = journal.entries.map((e) => e.when);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(new Set(times).size).toBe(times.length);
    for (const [index, entry] of journal.entries.entries()) {
      expect(entry.idx).toBe(index);
      expect(existsSync(path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`))).toBe(true);
    }
  });
});

describe('the indexes built concurrently before the migrations (decision 0104)', () => {
  // A mark on a statement of another form fails every start; the marks are read here too.
  it('are those the migrations mark, each a CREATE INDEX IF NOT EXISTS', () => {
    expect(markedIndexes(MIGRATIONS_FOLDER).map(({ file, name }) => `${file} ${name}`)).toEqual([
      '0029_large-tables-indexes.sql audit_log_company_at_idx',
      '0029_large-tables-indexes.sql locations_company_city_idx',
      '0029_large-tables-indexes.sql locations_company_postal_code_idx',
    ]);
  });
});

describe('the schema', () => {
  it('has no change that a migration does not carry (run `npm run db:generate -w apps/api`)', async () => {
    const last = journal.entries.at(-1)!;
    const snapshot = JSON.parse(
      readFileSync(
        path.join(MIGRATIONS_FOLDER, `meta/${String(last.idx).padStart(4, '0')}_snapshot.json`),
        'utf8',
      ),
    );
    const current = generateDrizzleJson(schema, snapshot.id);
    expect(await generateMigration(snapshot, current)).toEqual([]);
  });
});

describe('a failing migration', () => {
  let target: TestDatabase;
  beforeAll(async () => {
    target = await createEmptyDatabase();
    // A foreign table in the way of the first migration.
    await rows(target.database.db, 'create table customers (legacy_id integer primary key)');
  });
  afterAll(async () => target?.drop());

  it('fails with a message naming the file and the cause, and applies nothing', async () => {
    const failure = await migrateDatabase(target.database).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MigrationError);
    expect((failure as Error).message).toMatch(
      /^Database migration failed in 0000_initial\.sql: relation "customers" already exists \(SQLSTATE 42P07\)\. .*none of them was applied/,
    );
    const tables = await rows(
      target.database.db,
      `select table_name from information_schema.tables where table_schema = 'public'`,
    );
    expect(tables).toEqual([{ table_name: 'customers' }]);
    expect(await appliedMigrations(target.database.db)).toEqual([]);
  });
});
