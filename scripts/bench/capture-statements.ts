// Not a test: the statements the portal sends for the calls the bench's reference copies
// (reference-server.ts, reference-reads.ts), as PostgreSQL's statement log shows them. A
// throwaway database with log_statement = 'all' and the small bench data set; each call is
// preceded by a marker statement (`select 'capture: <label>'`), so the log reads call by call.
//
//   node --import tsx scripts/bench/capture-statements.ts [label text ...]
//   then: grep -A40 "capture: <label>" /var/log/postgresql/postgresql-*-main.log
//
// Only the calls whose label contains one of the texts given (default: all).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { startTestIssuer } from '../../apps/api/test/support/issuer.ts';
import {
  BENCH_ADMIN,
  inProcessApp,
  benchInviter,
  benchPerson,
  prepareBenchDatabase,
} from './prepare.ts';
import { ADMIN_URL, databaseUrl } from './prepare-large.ts';

const texts = process.argv.slice(2);
const name = `pp_capture_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`create database "${name}"`);
await admin.query(`alter database "${name}" set log_statement = 'all'`);
const issuer = await startTestIssuer();
const database = await openDatabase({ kind: 'server', url: databaseUrl(name), poolSize: 4 });
const marker = new pg.Client({ connectionString: databaseUrl(name) });
try {
  const ids = await prepareBenchDatabase(database, issuer.issuer, 2);
  const app = await inProcessApp(database, issuer);
  await marker.connect();
  const asAdmin = { authorization: `Bearer ${await issuer.tokenFor(BENCH_ADMIN)}` };
  const { practiceId, adminId } = ids;
  const person = await marker.query<{ id: string }>(`select id from customers where email = $1`, [
    benchPerson(5),
  ]);
  // An entry naming a location: the log's page then reads the names of its locations too.
  await marker.query(
    `insert into audit_log (actor_customer_id, action, entity, entity_id, company_id)
     values ($1, 'location.updated', 'location', $2, $3)`,
    [adminId, ids.locationIds[0], practiceId],
  );
  const calls: [string, string, string?, object?, Record<string, string>?][] = [
    ...['name', 'city', 'postalCode'].flatMap((sort) =>
      ['asc', 'desc'].map((direction): [string, string] => [
        `locations ${sort} ${direction}`,
        `/Location/GetLocations?parentId=${practiceId}&contactId=${adminId}&page=2&pageSize=10&sort=${sort}&direction=${direction}`,
      ]),
    ),
    ...['name', 'email', 'role', 'status'].flatMap((sort) =>
      ['asc', 'desc'].map((direction): [string, string] => [
        `employees ${sort} ${direction}`,
        `/Employee/GetEmployees?companyId=${practiceId}&page=2&pageSize=10&sort=${sort}&direction=${direction}`,
      ]),
    ),
    [
      `log by person`,
      `/Company/GetActivityLog?companyId=${practiceId}&customerId=${person.rows[0]!.id}`,
    ],
    [`log by kind`, `/Company/GetActivityLog?companyId=${practiceId}&kind=roles`],
    [
      `log by days`,
      `/Company/GetActivityLog?companyId=${practiceId}&from=2026-01-01&to=2026-12-31`,
    ],
    [`log export`, `/Company/ExportActivityLog`, 'POST', { companyId: practiceId }],
    [
      `invite`,
      `/Employee/InviteEmployee`,
      'POST',
      { companyId: ids.invitingPracticeIds[0], email: `captured@bench.example.com` },
      { authorization: `Bearer ${await issuer.tokenFor(benchInviter(1))}` },
    ],
    [
      `first sign-in`,
      `/Customer/GetCustomerData`,
      'GET',
      undefined,
      { authorization: `Bearer ${await issuer.tokenFor(benchPerson(300))}` },
    ],
  ];
  for (const [label, path, method = 'GET', payload, headers = asAdmin] of calls) {
    if (texts.length > 0 && !texts.some((text) => label.includes(text))) continue;
    await marker.query(`select 'capture: ${label}'`);
    const answer = await app.inject({
      method: method as 'GET' | 'POST',
      url: `/api/v1${path}`,
      headers,
      ...(payload ? { payload } : {}),
    });
    await marker.query(`select 'capture: end of ${label}'`);
    console.log(`${label}: ${answer.statusCode}`);
  }
  await app.close();
} finally {
  await marker.end().catch(() => {});
  await database.close();
  await issuer.close();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.end();
}
console.log(`database ${name}: grep "${name}" /var/log/postgresql/postgresql-*-main.log`);
