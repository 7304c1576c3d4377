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
import { MAIL_QUOTA, mailQuotaValues } from './reference-mail.ts';
import {
  COMPANY_VMS,
  EMPLOYEES_COUNT,
  employeesPage,
  ENABLED_MEMBERSHIP,
  LINKED_CUSTOMER,
  LOCATIONS_COUNT,
  locationsPage,
  LOG_ACTIONS,
  LOG_PEOPLE,
  logCount,
  logPage,
  logSelected,
  type LogFilters,
} from './reference-reads.ts';

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

// The calls' main statements, the reference's own texts (reference-reads.ts, reference-mail.ts:
// the portal's, as its statement log shows them), with the bench practice's values.
const logOf = (ids: BenchIds, filters: LogFilters, offset = 50): [string, unknown[]][] => {
  const selected = logSelected(ids.practiceId, filters);
  return [
    [logCount(selected), selected.values],
    [logPage(selected, offset), [...selected.values, 25, ...(offset > 0 ? [offset] : [])]],
  ];
};
const MAIN: [string, (ids: BenchIds, issuer: string) => [string, unknown[]][]][] = [
  ['Lifetime/IsAlive', () => [['select 1', []]]],
  [
    'Customer/GetCustomerData',
    (ids, issuer) => [
      [LINKED_CUSTOMER.text, [issuer, `sub-${BENCH_ADMIN}`]],
      [COMPANY_VMS, [ids.adminId, ids.adminId, 'requested']],
    ],
  ],
  [
    'Rights/IsUserAdminOfPractice',
    (ids) => [[ENABLED_MEMBERSHIP.text, [ids.adminId, ids.practiceId, 'enabled']]],
  ],
  [
    'Employee/GetEmployees',
    (ids) => [
      [employeesPage(), [ids.practiceId, ids.practiceId, 25, 50]],
      [EMPLOYEES_COUNT, [ids.practiceId]],
    ],
  ],
  [
    'Location/GetLocations',
    (ids) => [
      [locationsPage(), [ids.practiceId, 25, 50]],
      [LOCATIONS_COUNT, [ids.practiceId]],
    ],
  ],
  // The filtered lines of the log (activity-lines.ts) before the log's own, which their labels
  // start with too; by person, the bench admin (the line's person is found at run time).
  ['Company/GetActivityLog (by person', (ids) => logOf(ids, { customerId: ids.adminId }, 0)],
  ['Company/GetActivityLog (by kind', (ids) => logOf(ids, { kind: 'roles' })],
  [
    'Company/GetActivityLog (by days',
    (ids) => {
      const day = (days: number) =>
        new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
      return logOf(ids, { from: day(8), to: day(2) });
    },
  ],
  [
    'Company/GetActivityLog',
    (ids) => [...logOf(ids, {}), [LOG_PEOPLE, [ids.practiceId, ...LOG_ACTIONS, 1000, 100]]],
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
    (ids) => [
      [
        MAIL_QUOTA,
        mailQuotaValues('invitee@bench.example.com', ids.adminId, ids.invitingPracticeIds[0]!),
      ],
    ],
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
