import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openDatabase, type Database } from '../src/index.ts';
import { createEmptyDatabase, isServerRun, type TestDatabase } from '../src/testing/index.ts';

const KEY = 0x7465_7374n;
const Pid = z.object({ pid: z.coerce.number() });
const Count = z.object({ count: z.coerce.number() });
const Result = z.object({ rows: z.array(z.unknown()) });
const rowsOf = (result: unknown) => Result.parse(result).rows;

async function backendPid(db: Database['db']): Promise<number> {
  const result = await db.execute(sql`select pg_backend_pid() as pid`);
  return Pid.parse(rowsOf(result)[0]).pid;
}

/** Sessions holding our advisory lock now (pg_locks splits the 64-bit key in two halves). */
async function lockHolders(db: Database['db']): Promise<number[]> {
  const result = await db.execute(sql`
    select pid from pg_locks
     where locktype = 'advisory' and granted
       and objid = ${Number(KEY & 0xffff_ffffn)} and classid = ${Number(KEY >> 32n)}`);
  return rowsOf(result).map((row) => Pid.parse(row).pid);
}

describe('an advisory lock', () => {
  let target: TestDatabase;
  beforeAll(async () => {
    target = await createEmptyDatabase({});
  });
  afterAll(async () => target?.drop());

  it('is taken, used and released on one connection', async () => {
    const { database } = target;
    const seen = await database.withAdvisoryLock(KEY, async (db) => ({
      pid: await backendPid(db),
      holders: await lockHolders(db),
    }));
    expect(seen.holders).toEqual([seen.pid]);
    expect(await lockHolders(database.db)).toEqual([]);
  });

  it('is released when the work fails', async () => {
    const failure = await target.database
      .withAdvisoryLock(KEY, async () => Promise.reject(new Error('work failed')))
      .catch((error: unknown) => error);
    expect(failure).toEqual(new Error('work failed'));
    expect(await lockHolders(target.database.db)).toEqual([]);
  });

  // PGlite is always one connection, which the tests above cover.
  it.runIf(isServerRun())('needs no second connection of the pool (server)', async () => {
    const single = await openDatabase({ kind: 'server', url: target.url ?? '', poolSize: 1 }, {});
    try {
      const counted = await single.withAdvisoryLock(KEY, async (db) =>
        Count.parse(rowsOf(await db.execute(sql`select 1 as count`))[0]),
      );
      expect(counted.count).toBe(1);
    } finally {
      await single.close();
    }
  });

  // The work may leave its connection unusable (a failed transaction left open): the unlock then
  // fails too. Neither that failure nor the connection may outlive the work's.
  it.runIf(isServerRun())(
    "reports the work's failure and hands no broken connection back (server)",
    async () => {
      const single = await openDatabase({ kind: 'server', url: target.url ?? '', poolSize: 1 }, {});
      try {
        const failure = await single
          .withAdvisoryLock(KEY, async (db) => {
            await db.execute(sql`begin`);
            await db.execute(sql`select 1 / 0`);
          })
          .catch((error: unknown) => error);
        // drizzle names the statement that failed: the work's, not the unlock.
        expect(String(failure)).toMatch(/select 1 \/ 0/);
        expect(await lockHolders(single.db)).toEqual([]);
      } finally {
        await single.close();
      }
    },
  );
});
