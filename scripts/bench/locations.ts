// Benchmark, not a test (issue 10): one page of Location/GetLocations and one GetLocationById for
// practices with 1,000 and 10,000 locations, on the PostgreSQL server, through the api in-process.
// Prints the median and p95 of each and the query plans, which must use indexes.
//
//   npm run bench:locations            (DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres)
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { API_BASE, calls } from '@pp/contract';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { migrateDatabase } from '../../apps/api/src/db/migrate.ts';
import { startTestIssuer } from '../../apps/api/test/support/issuer.ts';
import { createCustomer, createPractice } from '../../apps/api/test/support/factories.ts';
import { inProcessApp } from './prepare.ts';

const ADMIN_URL = process.env['DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SIZES = [1_000, 10_000];
const ROUNDS = 200;

const serverUrl = (database: string) => {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${database}`;
  return url.toString();
};

async function timed(rounds: number, run: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < rounds; i += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return `median ${at(0.5).toFixed(2)} ms, p95 ${at(0.95).toFixed(2)} ms`;
}

const name = `pp_bench_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`create database "${name}"`);
const database = await openDatabase({ kind: 'server', url: serverUrl(name), poolSize: 4 });
const issuer = await startTestIssuer();
try {
  await migrateDatabase(database);
  const db = database.db;
  const app = await inProcessApp(database, issuer);
  console.log(`Location benchmark on ${new URL(ADMIN_URL).host} (${ROUNDS} rounds each)\n`);
  for (const size of SIZES) {
    const practice = await createPractice(db, { name: `Bench ${size}` });
    const email = `bench-${size}-${randomBytes(3).toString('hex')}@example.com`;
    const member = await createCustomer(db, { email, practices: [{ companyId: practice.id }] });
    await db.execute(sql`
      insert into locations (company_id, name, street, postal_code, city)
      select ${practice.id}, 'Standort ' || lpad(n::text, 5, '0'), 'Straße ' || n,
             lpad((10000 + n % 89999)::text, 5, '0'), 'Stadt ' || (n % 50)
        from generate_series(1, ${size}) n`);
    await db.execute(sql`analyze locations`);
    const [one] = (
      await db.execute(
        sql`select id from locations where company_id = ${practice.id} offset ${size / 2} limit 1`,
      )
    ).rows as { id: string }[];
    const headers = { authorization: `Bearer ${await issuer.tokenFor(email)}` };
    const page = `${API_BASE}${calls.locationGetLocations.path}?parentId=${practice.id}&contactId=${member.id}&page=3&pageSize=25&sort=name`;
    const byId = `${API_BASE}${calls.locationGetLocationById.path}?locationId=${one!.id}`;
    for (const url of [page, byId]) {
      const answer = await app.inject({ url, headers });
      if (answer.statusCode !== 200) throw new Error(`${url} answered ${answer.statusCode}`);
    }
    console.log(`${size} locations`);
    console.log(
      `  GetLocations (page 3 of 25, by name): ${await timed(ROUNDS, () => app.inject({ url: page, headers }))}`,
    );
    console.log(
      `  GetLocationById:                      ${await timed(ROUNDS, () => app.inject({ url: byId, headers }))}`,
    );
    for (const [label, query] of [
      [
        'page',
        sql`select * from locations where company_id = ${practice.id} order by name_sort_key(name) collate "C", name collate "C", id limit 25 offset 50`,
      ],
      ['by id', sql`select * from locations where id = ${one!.id}`],
    ] as const) {
      const plan = (await db.execute(sql`explain ${query}`)).rows.map(
        (row) => Object.values(row)[0],
      );
      const usesIndex = plan.some((line) => /Index/.test(String(line)));
      console.log(`  plan (${label}): ${usesIndex ? 'uses an index' : 'NO INDEX'}`);
      for (const line of plan) console.log(`    ${line}`);
    }
    console.log('');
  }
  await app.close();
} finally {
  await issuer.close();
  await database.close();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.end();
}
