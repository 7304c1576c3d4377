// The databases of a benchmark run (run.ts), by its scale:
// - small (the default): a fresh database with the practice of 10,000 (prepare.ts) on the server,
//   one for the CRM portal and one embedded, all made for the run and dropped after it;
// - large (`--scale large`, issue 46): the data set `npm run bench:prepare -- --scale large` made
//   (prepare-large.ts), kept between runs, on the server only.
// With `--explain`, the main statements of the five slowest calls are shown with
// EXPLAIN (ANALYZE, BUFFERS) on the run's database after the lines.
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { LOCK_FILE_NAME } from '@pp/database';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import type { Measurement } from './measure.ts';
import {
  ADMIN_URL,
  appMigrations,
  companyId,
  completeMark,
  databaseUrl,
  LARGE,
  LARGE_DATABASE,
  POPULATION_ISSUER,
} from './prepare-large.ts';
import { BENCH_ADMIN, prepareBenchDatabase } from './prepare.ts';

export type Scale = 'small' | 'large';
export type BenchIds = Awaited<ReturnType<typeof prepareBenchDatabase>>;

const argument = (name: string) =>
  process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined;
export const SCALE: Scale = argument('--scale') === 'large' ? 'large' : 'small';
if (argument('--scale') !== undefined && argument('--scale') !== SCALE) {
  throw new Error(`--scale ${argument('--scale')}: small or large`);
}
export const EXPLAIN = process.argv.includes('--explain');

export interface BenchDatabases {
  /** The database of the portal on the server and of its reference. */
  serverUrl: string;
  onServer: BenchIds;
  /** The embedded portal's folder, its reference's copy and ids (small scale only). */
  embedded?: { dataDir: string; referenceDataDir: string; ids: BenchIds };
  /** The CRM portal's database (small scale only). */
  crmUrl?: string;
  close(): Promise<void>;
}

/**
 * The run's databases; `inviters` on the server (each half for the reference and the portal).
 * `serverOnly`: at the small scale, only the server's (no CRM portal, no embedded database).
 */
export function benchDatabases(
  issuer: string,
  inviters: number,
  { serverOnly = false } = {},
): Promise<BenchDatabases> {
  return SCALE === 'large'
    ? largeDatabase(issuer, inviters)
    : smallDatabases(issuer, inviters, serverOnly);
}

async function smallDatabases(
  issuer: string,
  inviters: number,
  serverOnly: boolean,
): Promise<BenchDatabases> {
  const name = `pp_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  if (!serverOnly) await admin.query(`create database "${name}_crm"`);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pp-bench-'));
  /** A copy of the embedded portal's database, on which the reference runs the same statements. */
  const referenceDataDir = `${dataDir}-reference`;
  const close = async () => {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.query(`drop database if exists "${name}_crm" with (force)`);
    await admin.end();
    await rm(dataDir, { recursive: true, force: true });
    await rm(referenceDataDir, { recursive: true, force: true });
  };
  try {
    const server = await openDatabase({ kind: 'server', url: databaseUrl(name), poolSize: 4 });
    const onServer = await prepareBenchDatabase(server, issuer, inviters);
    await server.close();
    if (serverOnly) return { serverUrl: databaseUrl(name), onServer, close };
    const crmUrl = databaseUrl(`${name}_crm`);
    const crmDatabase = await openDatabase({ kind: 'server', url: crmUrl, poolSize: 4 });
    await prepareBenchDatabase(crmDatabase, issuer);
    await crmDatabase.close();
    const embedded = await openDatabase({ kind: 'embedded', dataDir });
    const onEmbedded = await prepareBenchDatabase(embedded, issuer, inviters / 2);
    await embedded.close();
    await cp(dataDir, referenceDataDir, {
      recursive: true,
      filter: (source) => path.basename(source) !== LOCK_FILE_NAME,
    });
    return {
      serverUrl: databaseUrl(name),
      onServer,
      embedded: { dataDir, referenceDataDir, ids: onEmbedded },
      crmUrl,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

const PREPARE = 'npm run bench:prepare -- --scale large';

/** The prepared large database, checked, with the bench's people linked to this run's issuer. */
async function largeDatabase(issuer: string, inviters: number): Promise<BenchDatabases> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  let comment: string | undefined;
  try {
    const { rows } = await admin.query<{ comment: string | null }>(
      `select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1`,
      [LARGE_DATABASE],
    );
    if (rows.length === 0) {
      throw new Error(`There is no database ${LARGE_DATABASE}: make it first with ${PREPARE}.`);
    }
    comment = rows[0]?.comment ?? undefined;
  } finally {
    await admin.end();
  }
  const serverUrl = databaseUrl(LARGE_DATABASE);
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rows: applied } = await client.query<{ count: number; last: string | null }>(
      `select count(*)::int as count, max(created_at)::text as last from drizzle.__drizzle_migrations`,
    );
    const app = appMigrations();
    if (applied[0]?.count !== app.count || applied[0]?.last !== String(app.last)) {
      throw new Error(
        `${LARGE_DATABASE} has ${applied[0]?.count} migrations, the app ${app.count}: it is outdated; make it again with ${PREPARE}.`,
      );
    }
    if (comment !== completeMark()) {
      throw new Error(
        `${LARGE_DATABASE} is not a complete data set of this version (${comment ?? 'no mark'}; expected ${completeMark()}): make it again with ${PREPARE}.`,
      );
    }
    if (inviters > LARGE.inviters) {
      throw new Error(
        `The large data set has ${LARGE.inviters} inviters, this run needs ${inviters}: a shorter BENCH_SECONDS.`,
      );
    }
    // The test issuer listens on another port every run: the bench's people's links follow it.
    await client.query(
      `update identity_links set issuer = $1
        where customer_id in (select id from customers where email like '%@bench.example.com')
          and issuer <> $2`,
      [issuer, POPULATION_ISSUER],
    );
    const one = async (text: string, values: unknown[]) =>
      (await client.query<{ id: string }>(text, values)).rows.map((row) => row.id);
    const [adminId] = await one(`select id from customers where email = $1`, [BENCH_ADMIN]);
    const [practiceId] = await one(
      `select company_id as id from memberships where customer_id = $1 and role = 'superadmin'`,
      [adminId],
    );
    if (!adminId || !practiceId) throw new Error(`${LARGE_DATABASE} has no bench practice`);
    return {
      serverUrl,
      onServer: {
        practiceId,
        adminId,
        locationIds: await one(`select id from locations where company_id = $1 order by id`, [
          practiceId,
        ]),
        // The practice of inviter n is practice n + 21 of the plan (prepare-large.ts).
        invitingPracticeIds: await one(
          `select ${companyId(`n + ${1 + LARGE.largePractices}`)}::text as id
             from generate_series(1, $1::int) n order by n`,
          [inviters],
        ),
      },
      close: async () => {},
    };
  } finally {
    await client.end();
  }
}

/** The PostgreSQL portal's lines of the run, for `--explain`. */
const measured: { label: string; m: Measurement }[] = [];
export function record(label: string, m: Measurement) {
  if (label.includes('| PostgreSQL')) measured.push({ label, m });
}

// The calls' main statements, as the reference runs them (reference-server.ts, which is its own
// process): the statement whose cost grows with the data, with the bench practice's values.
const LINKED_CUSTOMER = `select "customers".* from "identity_links" inner join "customers" on "customers"."id" = "identity_links"."customer_id" where ("identity_links"."issuer" = $1 and "identity_links"."subject" = $2)`;
const MAIN: [string, (ids: BenchIds, issuer: string) => [string, unknown[]][]][] = [
  ['Lifetime/IsAlive', () => [['select 1', []]]],
  [
    'Customer/GetCustomerData',
    (ids, issuer) => [
      [LINKED_CUSTOMER, [issuer, `sub-${BENCH_ADMIN}`]],
      [
        `select "companies"."id", "companies"."customer_number", "companies"."name", "companies"."postal_code", "companies"."city", "companies"."status", "memberships"."role", "memberships"."status", (select count(*)::int from "memberships" as m where m.company_id = "memberships"."company_id" and m.customer_id <> $1 and m.status in ('enabled', 'disabled')) from "memberships" inner join "companies" on "companies"."id" = "memberships"."company_id" where ("memberships"."customer_id" = $1 and "memberships"."status" <> $2 and not exists (select 1 from "connect_requests" r where r.customer_id = "memberships"."customer_id" and r.company_id = "memberships"."company_id")) order by "companies"."name" asc`,
        [ids.adminId, 'requested'],
      ],
    ],
  ],
  [
    'Rights/IsUserAdminOfPractice',
    (ids) => [
      [
        `select "memberships"."role", "companies"."status", "companies"."requires_second_factor" from "memberships" inner join "companies" on "companies"."id" = "memberships"."company_id" where ("memberships"."customer_id" = $1 and "memberships"."company_id" = $2 and "memberships"."status" = $3)`,
        [ids.adminId, ids.practiceId, 'enabled'],
      ],
    ],
  ],
  [
    'Employee/GetEmployees',
    (ids) => [
      [
        `select "memberships"."customer_id", "memberships"."role", "memberships"."status", "customers"."email", "customers"."first_name", "customers"."last_name", "invitations"."email", "invitations"."typed" from "memberships" inner join "customers" on "customers"."id" = "memberships"."customer_id" left join "invitations" on ("invitations"."company_id" = "memberships"."company_id" and "invitations"."customer_id" = "memberships"."customer_id" and "invitations"."accepted_at" is null and "invitations"."declined_at" is null and "invitations"."revoked_at" is null) where "memberships"."company_id" = $1 order by "memberships"."shown_name" collate "C" asc, "memberships"."shown_email" asc, "memberships"."customer_id" asc limit 25 offset 50`,
        [ids.practiceId],
      ],
      [
        `select count(*) from "memberships" where "memberships"."company_id" = $1`,
        [ids.practiceId],
      ],
    ],
  ],
  [
    'Location/GetLocations',
    (ids) => [
      [
        `select * from "locations" where "locations"."company_id" = $1 order by name_sort_key("locations"."name") collate "C" asc, "locations"."name" collate "C" asc, "locations"."id" asc limit 25 offset 50`,
        [ids.practiceId],
      ],
      [`select count(*) from "locations" where "locations"."company_id" = $1`, [ids.practiceId]],
    ],
  ],
  [
    'Company/GetActivityLog',
    (ids) => [
      [
        `select * from "audit_log" where "audit_log"."company_id" = $1 and "audit_log"."action" = any($2) order by "audit_log"."at" desc, "audit_log"."id" desc limit 25 offset 50`,
        [ids.practiceId, ['employee.role_changed']],
      ],
      [
        `select distinct "actor_customer_id", "entity", "entity_id" from "audit_log" where "company_id" = $1 and "action" = any($2)`,
        [ids.practiceId, ['employee.role_changed']],
      ],
    ],
  ],
  [
    'Customer/UpdateCustomerData',
    (ids) => [
      [
        `with "updated" as (update "customers" set "phone" = $1, "updated_at" = now() where "customers"."id" = $2 returning *), "audit_entry" as (insert into "audit_log" ("actor_customer_id", "action", "entity", "entity_id", "company_id", "data") select $2::uuid, 'customer.updated', 'customer', $2::text, null, '{"fields": ["phone"]}'::jsonb from "updated") select * from "updated"`,
        ['+49 30 1234567', ids.adminId],
      ],
    ],
  ],
  [
    'Location/UpdateLocation',
    (ids) => [
      [
        `update "locations" set "phone_number" = $1, "updated_at" = now() where "locations"."id" = $2 returning *`,
        ['+49 30 1234567', ids.locationIds[0]],
      ],
    ],
  ],
  [
    'Employee/InviteEmployee',
    (ids) =>
      ['"recipient_mailbox" = $1', '"actor_customer_id" = $1::uuid', '"company_id" = $1::uuid'].map(
        (where, i): [string, unknown[]] => [
          `select count(*) filter (where "created_at" > now() - interval '1 hour'), count(*) from "mail_outbox" where ${where} and "created_at" > now() - interval '1 day'`,
          [[`invitee@bench.example.com`, ids.adminId, ids.invitingPracticeIds[0]][i]],
        ],
      ),
  ],
];

/** EXPLAIN (ANALYZE, BUFFERS) of the main statements of the five calls with the fewest req/s. */
export async function explainSlowest(serverUrl: string, ids: BenchIds, issuer: string) {
  const slowest = [...measured].sort((a, b) => a.m.rps - b.m.rps);
  const calls: string[] = [];
  for (const { label } of slowest) {
    const call = MAIN.find(([name]) => label.startsWith(name));
    if (call && !calls.includes(call[0])) calls.push(call[0]);
    if (calls.length === 5) break;
  }
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    for (const name of calls) {
      const best = slowest.find(({ label }) => label.startsWith(name));
      console.log(`\n### ${name} (${Math.round(best?.m.rps ?? 0)} req/s on PostgreSQL)\n`);
      for (const [text, values] of MAIN.find(([call]) => call === name)![1](ids, issuer)) {
        // The writes' statements change nothing: each runs in a transaction rolled back.
        await client.query('begin');
        try {
          const { rows } = await client.query<{ 'QUERY PLAN': string }>(
            `explain (analyze, buffers) ${text}`,
            values,
          );
          console.log(`${text.slice(0, 160)}${text.length > 160 ? ' …' : ''}\n`);
          console.log(rows.map((row) => `    ${row['QUERY PLAN']}`).join('\n'));
        } finally {
          await client.query('rollback');
        }
      }
    }
  } finally {
    await client.end();
  }
}
