import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MIGRATIONS_FOLDER } from '../../src/db/migrate.ts';
import { createEmptyDatabase, isServerRun, type TestDatabase } from '../support/database.ts';
import { rows } from '../db/schema-fingerprint.ts';
import { startApi, type ApiProcess } from './api-process.ts';

const journal = z
  .object({ entries: z.array(z.object({ when: z.number() })) })
  .parse(JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')));

// Several instances share one database only on a PostgreSQL server (an embedded folder belongs
// to one process), so this runs in the server run of the suite (TEST_DATABASE_URL set, as in CI).
describe.runIf(isServerRun())('two api instances started at once on one database', () => {
  let target: TestDatabase | undefined;
  const started: ApiProcess[] = [];
  afterAll(async () => {
    await Promise.all(started.map((api) => api.stop()));
    await target?.drop();
  });

  it('both come up, with the schema migrated and the demo data seeded once', async () => {
    target = await createEmptyDatabase();
    const env = { DATABASE_URL: target.url!, DEMO_DATA: 'true' };
    started.push(...(await Promise.all([startApi(env), startApi(env)])));
    await Promise.all(started.map((api) => api.waitUntilAlive(60_000)));

    const db = target.database.db;
    const applied = await rows(
      db,
      'select created_at::text from drizzle.__drizzle_migrations order by id',
    );
    expect(applied.map((m) => Number(m['created_at']))).toEqual(journal.entries.map((e) => e.when));
    expect(
      await rows(
        db,
        'select customer_number, count(*)::int as n from companies group by 1 order by 1',
      ),
    ).toEqual([
      { customer_number: 'P-900001', n: 1 },
      { customer_number: 'P-900002', n: 1 },
    ]);
    expect(await rows(db, 'select count(*)::int as n from customers')).toEqual([{ n: 4 }]);
    expect(await rows(db, 'select count(*)::int as n from locations')).toEqual([{ n: 3 }]);
    expect(await rows(db, 'select count(*)::int as n from picklist_values')).toEqual(
      await rows(db, `select count(distinct (list, code))::int as n from picklist_values`),
    );
  }, 120_000);
});
