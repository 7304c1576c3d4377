// Benchmark, not a test (issue 44): the CRM sync against an organisation's CRM of 1,000,000
// contacts and 200,000 accounts, 20,000 of the contacts in 4,000 portal practices. The stand-in
// Dataverse runs in a process of its own (`crm-stand-in.ts`) at Dataverse's page size (5,000)
// and service protection limits; the portal's connector runs here, with the request budget of
// DATAVERSE_REQUESTS_PER_MINUTE (900), on a new database of the PostgreSQL server. Prints the
// first import's time, requests by kind, memory sampled during it, rows stored per table, then
// the time of one sync round after a day of changes.
//
//   npm run bench:crm       (TEST_DATABASE_URL or DATABASE_URL names the server, default the
//                            local one; BENCH_CRM_SCALE=0.1 for a tenth of the organisation)
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import {
  EXAMPLE_CREDENTIALS,
  ORGANISATION_SIZE,
  organisationContactId,
  organisationMembershipId,
  practiceAccount,
  organisationAccountId,
  type OrganisationSize,
} from '@pp/dataverse-stand-in';
import { REQUESTS_PER_MINUTE, sharedBudget } from '../../apps/api/src/crm-sync/budget.ts';
import { createCrmConnector } from '../../apps/api/src/crm-sync/connector.ts';
import type { CrmLog } from '../../apps/api/src/crm-sync/crm-client.ts';
import { dataverseClient } from '../../apps/api/src/crm-sync/dataverse/client.ts';
import { loadMapping } from '../../apps/api/src/crm-sync/dataverse/mapping.ts';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { migrateDatabase } from '../../apps/api/src/db/migrate.ts';
import { countRequests, countStatements, MemorySampler, seconds } from './crm-measure.ts';

const ADMIN_URL =
  process.env['TEST_DATABASE_URL'] ??
  process.env['DATABASE_URL'] ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const SCALE = Number(process.env['BENCH_CRM_SCALE'] ?? 1);
const size: OrganisationSize = {
  contacts: Math.round(ORGANISATION_SIZE.contacts * SCALE),
  accounts: Math.round(ORGANISATION_SIZE.accounts * SCALE),
  portalContacts: Math.round(ORGANISATION_SIZE.portalContacts * SCALE),
  practices: Math.round(ORGANISATION_SIZE.practices * SCALE),
};
const PAGE_SIZE = 5000;
const SYNC_SECONDS = 60;

// The stand-in, in its own process.
const standIn = spawn(
  process.execPath,
  [
    '--max-old-space-size=8192',
    '--import',
    'tsx',
    new URL('./crm-stand-in.ts', import.meta.url).pathname,
    JSON.stringify(size),
  ],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
const first = await new Promise<string>((resolve, reject) => {
  createInterface({ input: standIn.stdout! }).once('line', resolve);
  standIn.once('exit', (code) => reject(new Error(`the stand-in ended (${code})`)));
});
const { url, seedMs } = JSON.parse(first) as { url: string; seedMs: number };
const control = async (what: string, body: unknown) => {
  const response = await fetch(`${url}/_stand-in/${what}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
};

const name = `pp_bench_crm_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`create database "${name}"`);
const databaseUrl = new URL(ADMIN_URL);
databaseUrl.pathname = `/${name}`;
const database = await openDatabase({ kind: 'server', url: databaseUrl.toString(), poolSize: 4 });
const warnings: string[] = [];
const log = {
  info: () => {},
  warn: (...args: unknown[]) => warnings.push(JSON.stringify(args).slice(0, 300)),
  error: (...args: unknown[]) => warnings.push(JSON.stringify(args).slice(0, 300)),
} as unknown as CrmLog;
try {
  await migrateDatabase(database);
  const db = database.db;
  const connector = createCrmConnector({
    db,
    client: dataverseClient({
      url,
      authority: url,
      ...EXAMPLE_CREDENTIALS,
      mapping: loadMapping(),
      pageSize: PAGE_SIZE,
      budget: sharedBudget(db, REQUESTS_PER_MINUTE),
    }),
    log,
    syncSeconds: SYNC_SECONDS,
  });
  await connector.connect();
  const requests = countRequests();
  const statements = countStatements(pg.Client);
  const contactPages = Math.ceil(size.contacts / PAGE_SIZE);
  const sampler = new MemorySampler(() => requests.contactPages / contactPages);
  console.log(
    `CRM import at organisation size: ${size.contacts.toLocaleString('en')} contacts, ` +
      `${size.accounts.toLocaleString('en')} accounts, ${size.portalContacts.toLocaleString('en')} ` +
      `portal contacts in ${size.practices.toLocaleString('en')} practices ` +
      `(stand-in seeded in ${seconds(seedMs)}; page size ${PAGE_SIZE}, ` +
      `${REQUESTS_PER_MINUTE} requests/min, PostgreSQL ${databaseUrl.host})\n`,
  );
  // The first import: rounds until every kind of record is read (a spent budget waits).
  const started = performance.now();
  for (;;) {
    const round = await connector.syncNow();
    if (round.failed.length === 0 && round.crmAwayMs === undefined) break;
    const wait = round.crmAwayMs ?? 1000;
    console.log(`  round ended early (${round.failed.join(', ')}); waiting ${seconds(wait)}`);
    await db.execute(sql`delete from rate_limits where key = 'crm-sync:away'`);
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
  const importMs = performance.now() - started;
  sampler.stop();
  console.log(`First import: ${seconds(importMs)}`);
  console.log(`  requests: ${requests.report()}`);
  console.log(`  SQL statements: ${statements.report()}`);
  console.log(`  portal process: ${sampler.report()}`);
  const rows = await db.execute(sql`
    select 'customers' as t, count(*)::int as n from customers
    union all select 'companies', count(*)::int from companies
    union all select 'locations', count(*)::int from locations
    union all select 'memberships', count(*)::int from memberships
    union all select 'location_assignments', count(*)::int from location_assignments
    union all select 'crm_links', count(*)::int from crm_links
    union all select 'crm_reports', count(*)::int from crm_reports`);
  console.log(
    `  rows stored: ${(rows as unknown as { rows: { t: string; n: number }[] }).rows
      .map((row) => `${row.t} ${row.n.toLocaleString('en')}`)
      .join(', ')}`,
  );

  // A day of changes in the CRM.
  const edits: [string, unknown][] = [];
  const outsiders = Math.round(5000 * SCALE);
  for (let i = 0; i < outsiders; i++) {
    const n = size.portalContacts + ((i * 7919) % (size.contacts - size.portalContacts));
    edits.push([
      'edit',
      {
        entitySet: 'contacts',
        id: organisationContactId(n),
        fields: { lastname: `Geändert ${i}` },
      },
    ]);
  }
  const portalChanges = Math.round(200 * SCALE);
  for (let n = 0; n < portalChanges; n++) {
    edits.push([
      'edit',
      {
        entitySet: 'contacts',
        id: organisationContactId(n),
        fields: { telephone1: `+49 30 ${5550000 + n}` },
      },
    ]);
  }
  const newMembers = Math.round(50 * SCALE);
  for (let i = 0; i < newMembers; i++) {
    const n = size.contacts - 1 - i * 3;
    edits.push([
      'edit',
      {
        entitySet: 'pp_memberships',
        id: organisationMembershipId(10_000_000 + i),
        fields: {
          _pp_contactid_value: organisationContactId(n),
          _pp_accountid_value: organisationAccountId(practiceAccount(size, i % size.practices)),
        },
      },
    ]);
  }
  const deletions = Math.round(20 * SCALE);
  for (let i = 0; i < deletions; i++) {
    edits.push(
      i % 2 === 0
        ? ['remove', { entitySet: 'pp_memberships', id: organisationMembershipId(i * 11) }]
        : [
            'remove',
            { entitySet: 'contacts', id: organisationContactId(size.portalContacts + 1000 + i) },
          ],
    );
  }
  for (let i = 0; i < edits.length; i += 16) {
    await Promise.all(edits.slice(i, i + 16).map(([what, body]) => control(what, body)));
  }
  requests.reset();
  statements.reset();
  const roundStarted = performance.now();
  const round = await connector.syncNow();
  const roundMs = performance.now() - roundStarted;
  const changed = await db.execute(sql`
    select count(*)::int as n from customers where phone like '+49 30 555%'`);
  const newPeople = await db.execute(sql`
    select count(*)::int as n from crm_links where entity = 'membership'`);
  console.log(
    `\nA day of changes (${outsiders} changed contacts outside the portal, ${portalChanges} ` +
      `portal contacts changed, ${newMembers} new memberships of contacts not yet mirrored, ` +
      `${deletions} deletions): one sync round ${seconds(roundMs)} ` +
      `(sync interval ${SYNC_SECONDS} s: ${roundMs <= SYNC_SECONDS * 1000 ? 'within' : 'OVER'})`,
  );
  console.log(
    `  applied ${round.applied}, removed ${round.removed}, reported ${round.reported}, ` +
      `failed [${round.failed.join(', ')}]; portal contacts with the new phone ` +
      `${(changed as unknown as { rows: { n: number }[] }).rows[0]!.n}; membership links ` +
      `${(newPeople as unknown as { rows: { n: number }[] }).rows[0]!.n}`,
  );
  console.log(`  requests: ${requests.report()}`);
  console.log(`  SQL statements: ${statements.report()}`);
  if (warnings.length > 0) console.log(`\n${warnings.length} warnings, first: ${warnings[0]}`);
} finally {
  await database.close();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.end();
  standIn.kill('SIGTERM');
}
