import { sql } from 'drizzle-orm';
import type { Executor } from '../../src/db/client.ts';

/** Rows of a catalogue query, the same way on PGlite and on node-postgres. */
export async function rows(db: Executor, query: string): Promise<Record<string, unknown>[]> {
  const result = await db.execute(sql.raw(query));
  return (result as unknown as { rows: Record<string, unknown>[] }).rows;
}

const SCHEMAS = `('public', 'drizzle')`;

/**
 * Everything the migrations define, read from the catalogue: tables and columns (type,
 * nullability, default), constraints, indexes, sequences, triggers and functions. Two databases
 * with equal fingerprints have the same schema.
 */
export async function schemaFingerprint(db: Executor) {
  return {
    columns: await rows(
      db,
      `select table_schema, table_name, column_name, ordinal_position, data_type, udt_name,
              is_nullable, column_default, character_maximum_length, numeric_precision
         from information_schema.columns where table_schema in ${SCHEMAS}
        order by table_schema, table_name, ordinal_position`,
    ),
    // NOT NULL constraints (contype 'n') appear in pg_constraint only from PostgreSQL 18 on;
    // nullability is compared through the columns above.
    constraints: await rows(
      db,
      `select n.nspname, c.conrelid::regclass::text as table_name, c.conname, c.contype,
              c.condeferrable, c.condeferred, pg_get_constraintdef(c.oid, true) as definition
         from pg_constraint c join pg_namespace n on n.oid = c.connamespace
        where n.nspname in ${SCHEMAS} and c.contype <> 'n'
        order by 1, 2, 3`,
    ),
    indexes: await rows(
      db,
      `select schemaname, tablename, indexname, indexdef from pg_indexes
        where schemaname in ${SCHEMAS} order by 1, 2, 3`,
    ),
    sequences: await rows(
      db,
      `select sequence_schema, sequence_name, data_type, start_value, minimum_value,
              maximum_value, increment, cycle_option
         from information_schema.sequences where sequence_schema in ${SCHEMAS} order by 1, 2`,
    ),
    triggers: await rows(
      db,
      `select t.tgrelid::regclass::text as table_name, t.tgname, t.tgdeferrable, t.tginitdeferred,
              pg_get_triggerdef(t.oid, true) as definition
         from pg_trigger t join pg_class r on r.oid = t.tgrelid
         join pg_namespace n on n.oid = r.relnamespace
        where n.nspname in ${SCHEMAS} and not t.tgisinternal order by 1, 2`,
    ),
    functions: await rows(
      db,
      `select p.proname, pg_get_functiondef(p.oid) as definition
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname in ${SCHEMAS} order by 1`,
    ),
  };
}

/** A digest of every row of every table in `public`, to show that nothing changed. */
export async function dataDigest(db: Executor): Promise<Record<string, string>> {
  const tables = await rows(
    db,
    `select table_name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const digest: Record<string, string> = {};
  for (const { table_name: table } of tables) {
    const [row] = await rows(
      db,
      `select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), ''))
          as hash from "${String(table)}" t`,
    );
    digest[String(table)] = `${String(row?.['n'])}:${String(row?.['hash'])}`;
  }
  return digest;
}

/** The applied migrations, as drizzle's migrator records them. */
export async function appliedMigrations(db: Executor) {
  return rows(db, `select hash, created_at::text from drizzle.__drizzle_migrations order by id`);
}
