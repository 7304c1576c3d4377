import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { date, interval, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIZZLE_TEXT_TYPES, openDatabase, type Database } from '../src/index.ts';

type QueryOptions = Parameters<PGlite['query']>[2];

const moments = pgTable('moments', {
  name: text('name').primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull(),
  localAt: timestamp('local_at', { mode: 'string' }).notNull(),
  day: date('day').notNull(),
  span: interval('span').notNull(),
  amounts: numeric('amounts').array().notNull(),
});

// Drizzle hands PGlite the parsers of nine types with every statement; PGlite would copy its own
// 318 parsers with them for each statement. They are the instance's own from the start instead
// (decision 0093): these tests hold that drizzle's answers stay exactly as they were.
describe('types drizzle reads as text on the embedded database', () => {
  let pglite: PGlite;
  let database: Database;
  const passed: (Record<number, (value: string) => unknown> | undefined)[] = [];

  beforeAll(async () => {
    pglite = await PGlite.create();
    database = await openDatabase({ kind: 'embedded', pglite }, { moments });
    // What drizzle passes, before the portal's wrapper leaves it out.
    const query = pglite.query.bind(pglite);
    pglite.query = ((text: string, params?: unknown[], options?: QueryOptions) => {
      passed.push(options?.parsers as (typeof passed)[number]);
      return query(text, params, options);
    }) as typeof pglite.query;
    await database.db.execute(sql`create table moments (name text primary key,
      at timestamptz not null, local_at timestamp not null, day date not null,
      span interval not null, amounts numeric[] not null)`);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('are the very types whose text drizzle asks for, each handed over unchanged', async () => {
    passed.length = 0;
    await database.db.select().from(moments);
    const parsers = passed.at(-1);
    expect(
      Object.keys(parsers ?? {})
        .map(Number)
        .sort(),
    ).toEqual([...DRIZZLE_TEXT_TYPES].sort());
    for (const parse of Object.values(parsers ?? {}))
      expect(parse('2026-11-28 03:20')).toBe('2026-11-28 03:20');
  });

  it('come back from drizzle as before, in a transaction too', async () => {
    const row = {
      name: 'first',
      at: new Date('2026-11-28T03:20:00.123Z'),
      localAt: '2026-11-28 04:20:00.5',
      day: '2026-02-28',
      span: '1 day 02:00:00',
      amounts: ['1.50', '20'],
    };
    await database.db.insert(moments).values(row);
    expect(await database.db.select().from(moments)).toEqual([row]);
    const inTransaction = await database.db.transaction((tx) => tx.select().from(moments));
    expect(inTransaction).toEqual([row]);
  });

  it('leave a statement that names parsers of its own with them', async () => {
    const answer = await pglite.query<{ n: unknown }>('select 41 + 1 as n', [], {
      parsers: { 23: (value: string) => `parsed ${value}` },
    });
    expect(answer.rows).toEqual([{ n: 'parsed 42' }]);
  });
});
