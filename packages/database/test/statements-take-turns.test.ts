import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/index.ts';

// PGlite runs a statement on the process's only thread. Queued statements must let the event
// loop turn between them: timers (the load-shedding probe), new connections and answers ready to
// go out would otherwise wait until the whole queue is done (issue 13).
describe('statements on the embedded database', () => {
  let database: Database;
  let dataDir: string;
  // In a data folder, as the portal runs it: there PGlite never returns to the event loop on its
  // own between queued statements (in memory it happens to).
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'pp-turns-'));
    database = await openDatabase({ kind: 'embedded', dataDir }, {});
  });
  afterAll(async () => {
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('let a timer run between two statements of a queue', async () => {
    const finished: number[] = [];
    let timerAfter: number | undefined;
    const queue = Array.from({ length: 10 }, (_, i) =>
      database.db
        .execute(sql`select count(*) from generate_series(1, 300000)`)
        .then(() => finished.push(i)),
    );
    setTimeout(() => (timerAfter = finished.length), 0);
    await Promise.all(queue);
    expect(timerAfter).toBeDefined();
    expect(timerAfter).toBeLessThanOrEqual(2);
  });

  it('keep their order and their answers, also when one fails', async () => {
    const answers = await Promise.allSettled([
      database.db.execute(sql`select 1 as n`),
      database.db.execute(sql`select 1/0`),
      database.db.execute(sql`select 3 as n`),
    ]);
    expect(answers.map((a) => a.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((answers[2] as PromiseFulfilledResult<{ rows: unknown[] }>).value.rows).toEqual([
      { n: 3 },
    ]);
  });
});
