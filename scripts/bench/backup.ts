// Benchmark, not a test (issue 45): how long `npm run db:backup` takes of the running portal's
// embedded database, and how long the portal's event loop stands still meanwhile (pg_dump runs
// synchronously on PGlite's one connection). The demo data, then BENCH_PEOPLE more customers.
//
//   npm run bench:backup            (BENCH_PEOPLE=20000 by default)
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { requestBackup } from '@pp/database';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { migrateDatabase } from '../../apps/api/src/db/migrate.ts';
import { seedDemoData } from '../../apps/api/src/db/seed/demo.ts';

const PEOPLE = Number(process.env['BENCH_PEOPLE'] ?? 20_000);

const folder = await mkdtemp(path.join(os.tmpdir(), 'pp-bench-backup-'));
const dataDir = path.join(folder, 'data');
const database = await openDatabase({ kind: 'embedded', dataDir });

/** One backup through the socket, as the command takes it. */
async function measure(label: string) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const started = performance.now();
  const dump = await requestBackup(dataDir);
  const ms = performance.now() - started;
  delay.disable();
  const kib = Math.ceil(Buffer.byteLength(dump) / 1024);
  process.stdout.write(
    `${label.padEnd(34)} ${String(kib).padStart(6)} KiB  ${ms.toFixed(0).padStart(5)} ms, ` +
      `event loop stood still up to ${(delay.max / 1e6).toFixed(0)} ms\n`,
  );
}

try {
  await migrateDatabase(database);
  await seedDemoData(database);
  await measure('demo data, first backup');
  await measure('demo data, again');
  await database.db.execute(sql`
    insert into customers (email, first_name, last_name)
    select 'bench-' || g || '@example.com', 'Vorname ' || g, 'Nachname ' || g
      from generate_series(1, ${PEOPLE}) g`);
  await measure(`demo data and ${PEOPLE} customers`);
} finally {
  await database.close();
  await rm(folder, { recursive: true, force: true });
}
