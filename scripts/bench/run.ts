// The benchmark of issue 13, not a test: the portal on the PostgreSQL server and on the embedded
// database, beside a bare reference (Fastify + pg + jose + the same SQL), measured with
// autocannon on loopback. Prints requests per second, p50 and p99, and the ratio to the
// reference (the embedded portal's to the reference on PGlite alone, read-lines.ts); figures on
// these machines are noisy, ratios taken side by side are what counts.
//
//   npm run bench     (DATABASE_URL names the server; default: the local one of the README;
//                      BENCH_SECONDS per line, BENCH_ONLY=IsAlive for the calls named so,
//                      BENCH_ONLY=Export for the 10,000-employee export alone,
//                      BENCH_ONLY=Update or BENCH_ONLY=Invite for the writes of issue 28)
//   npm run bench -- --scale large [--explain]
//                     (issue 46: on the data set of `npm run bench:prepare -- --scale large`, the
//                      server and its reference only; --explain: the slowest calls' plans, scale.ts)
import { type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startTestIssuer } from '../../apps/api/test/support/issuer.ts';
import { portalDataverseSettings, startDataverseStandIn } from '@pp/dataverse-stand-in';
import { freePort } from '@pp/testing';
import {
  answers,
  CONNECTIONS,
  measure,
  portalSettings,
  SECONDS,
  startProcess,
  waitFor,
  type Measurement,
  type NextRequest,
} from './measure.ts';
import {
  BENCH_ADMIN,
  BENCH_CLIENT_ID,
  BENCH_SIGNED_IN,
  benchInviter,
  benchPerson,
  PROFILE_FORM,
} from './prepare.ts';
import { EXPORTS, FILTERED_LOG, findLogPerson, timedExport } from './activity-lines.ts';
import { FIRST_SIGN_IN, measureFirstSignIn } from './first-sign-in-line.ts';
import { measurePages } from './page-lines.ts';
import { line, pairsOf } from './read-lines.ts';
import { benchDatabases, EXPLAIN, explainSlowest, SCALE, type BenchIds } from './scale.ts';

/**
 * Only the calls whose name contains this text, e.g. `BENCH_ONLY=IsAlive` (default: all), or one
 * of several texts separated by commas (`BENCH_ONLY=Update,Invite`).
 */
const ONLY = process.env['BENCH_ONLY'] ?? '';
const wanted = (label: string) => ONLY.split(',').some((text) => label.includes(text));
/** Issue 28: the writes on the PostgreSQL server at 200 concurrent requests … */
const WRITE_CONNECTIONS = 200;
/** … and on the embedded database with 16, its target's. */
const EMBEDDED_WRITE_CONNECTIONS = 16;
/**
 * The small practices that invite, per line: each may send 30 invitations an hour (the mail
 * limit of its superadmin's account), so a line of SECONDS seconds has 30 × this many before
 * its requests would be refused with 429 — room for 3,000 invitations a second.
 */
const INVITERS_PER_LINE = 100 * SECONDS;
/** How long the CRM's portal may take for its first sync (the import). */
const CRM_IMPORT_SECONDS = 120;
const OPERATOR_TOKEN = randomBytes(24).toString('hex');
/** Invitees' addresses are new in every run: the large database keeps earlier runs' invitees. */
const RUN = randomBytes(3).toString('hex');

const issuer = await startTestIssuer();
// The reference and the portal invite on the same database: each its own half of the inviters.
const databases = await benchDatabases(issuer.issuer, 2 * INVITERS_PER_LINE);
const { onServer, serverUrl, crmUrl } = databases;
const onEmbedded = databases.embedded?.ids;
// A stand-in Dataverse (issue 24) in this process, empty: the portal's first sync finds nothing
// to import and queues the practice's records as creates.
const standIn = crmUrl ? await startDataverseStandIn({ port: 0, demo: false }) : undefined;
const children: ChildProcess[] = [];
try {
  const oidc = {
    OIDC_ISSUER: issuer.issuer,
    OIDC_CLIENT_ID: BENCH_CLIENT_ID,
    OIDC_AUDIENCE: issuer.audience,
  };
  const ports = {
    server: await freePort(),
    embedded: await freePort(),
    reference: await freePort(),
    embeddedReference: await freePort(),
    crm: await freePort(),
  };
  /** The ports of the processes started, each waited for. */
  const started: number[] = [];
  const start = (port: number, script: string, env: Record<string, string | undefined>) => {
    children.push(startProcess(script, { ...env, PORT: String(port) }));
    started.push(port);
  };
  const portal = async (port: number) => ({
    ...(await portalSettings(oidc, port)),
    // The write lines make thousands of changes per account in a minute; the limit of every
    // write per account and hour (decision 0050, default 100) would refuse them. Its documented
    // setting lifts it; the counting upsert still runs on every write.
    ACCOUNT_WRITES_PER_HOUR: '1000000',
  });
  const MAIN = 'apps/api/src/main.ts';
  const REFERENCE = 'scripts/bench/reference-server.ts';
  start(ports.server, MAIN, { ...(await portal(ports.server)), DATABASE_URL: serverUrl });
  start(ports.reference, REFERENCE, { ...oidc, DATABASE_URL: serverUrl });
  if (databases.embedded) {
    const { dataDir, referenceDataDir } = databases.embedded;
    start(ports.embedded, MAIN, {
      ...(await portal(ports.embedded)),
      DATA_DIR: dataDir,
      DATABASE_URL: undefined,
    });
    start(ports.embeddedReference, REFERENCE, { ...oidc, REFERENCE_DATA_DIR: referenceDataDir });
  }
  if (crmUrl && standIn) {
    start(ports.crm, MAIN, {
      ...(await portal(ports.crm)),
      DATABASE_URL: crmUrl,
      ...portalDataverseSettings(standIn.url),
      OPERATOR_TOKEN,
    });
  }
  const base = (port: number) => `http://127.0.0.1:${port}/api/v1`;
  await Promise.all(started.map((port) => waitFor(`${base(port)}/Lifetime/IsAlive`)));
  // The line measures reads, not the push: the first sync queues the practice's 30,000 records
  // as creates, which the outbox sends at a few dozen a second (the fault suite's figures). They
  // are marked sent here once queued, so that no push runs beside the measurements; the
  // connector's timers and the per-person refresh of its reads still run.
  const crmHealth = async () => {
    const response = await fetch(`http://127.0.0.1:${ports.crm}/operator/crm`, {
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    });
    return (await response.json()) as { lastSyncAt: string | null; outbox: { waiting: number } };
  };
  let crmQueued = 0;
  if (crmUrl) {
    for (let i = 0; i < CRM_IMPORT_SECONDS && (await crmHealth()).lastSyncAt === null; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const crmAdmin = new pg.Client({ connectionString: crmUrl });
    await crmAdmin.connect();
    const marked = await crmAdmin.query(
      `update crm_outbox set status = 'done', done_at = now() where status = 'waiting'`,
    );
    await crmAdmin.end();
    crmQueued = marked.rowCount ?? 0;
  }

  type Ids = BenchIds;
  /** [label, path, authenticated, the orders of a list whose pages can be varied] */
  type Call = [string, (ids: Ids, page?: number) => string, boolean, readonly string[]];
  const calls: Call[] = [
    ['Lifetime/IsAlive', () => '/Lifetime/IsAlive', false, []],
    ['Customer/GetCustomerData', () => '/Customer/GetCustomerData', true, []],
    [
      'Rights/IsUserAdminOfPractice',
      (ids) => `/Rights/IsUserAdminOfPractice?practiceId=${ids.practiceId}`,
      true,
      [],
    ],
    [
      'Employee/GetEmployees (page 3 of 10,000)',
      (ids, page = 3) =>
        `/Employee/GetEmployees?companyId=${ids.practiceId}&page=${page}&pageSize=25`,
      true,
      ['name', 'email', 'role', 'status'],
    ],
    [
      'Location/GetLocations (page 3 of 10,000)',
      (ids, page = 3) =>
        `/Location/GetLocations?parentId=${ids.practiceId}&contactId=${ids.adminId}&page=${page}&pageSize=25`,
      true,
      ['name', 'city', 'postalCode'],
    ],
    ...FILTERED_LOG.map(([label, pathOf]): Call => [label, pathOf, true, []]),
    [
      'Company/GetActivityLog (page 3 of 10,000 entries)',
      (ids, page = 3) =>
        `/Company/GetActivityLog?companyId=${ids.practiceId}&page=${page}&pageSize=25`,
      true,
      [],
    ],
  ];
  /** The practice's signed-in admins, each with a token: the realistic line asks as each in turn. */
  const people = await Promise.all(
    Array.from(
      { length: BENCH_SIGNED_IN },
      async (_, i) => `Bearer ${await issuer.tokenFor(benchPerson(i + 1))}`,
    ),
  );
  /** The portal on the server and (small scale) on the embedded database, each with its reference. */
  const pairs = pairsOf(ports, onServer, onEmbedded);
  const targets = pairs.map(({ portal }) => portal);
  /** The superadmins of the small practices that invite, each with a token. */
  const inviters = await Promise.all(
    Array.from(
      { length: 2 * INVITERS_PER_LINE },
      async (_, i) => `Bearer ${await issuer.tokenFor(benchInviter(i + 1))}`,
    ),
  );
  /** Numbers no request of the run repeats: each write is a real change, each invitee new. */
  let serial = 0;
  /** A profile save of another person each time, with `fields` and another phone number. */
  const profileSave = (fields: object) => () => (): NextRequest => {
    serial += 1;
    return {
      path: '/api/v1/Customer/UpdateCustomerData',
      authorization: people[serial % people.length],
      method: 'PATCH',
      body: { ...fields, phone: `+49 30 ${String(serial).padStart(7, '0')}` },
    };
  };
  /**
   * [label, the next request on a database (`first` is the first inviter of the line's half),
   * whether the call needs no transaction, so that the embedded reference can make it too]
   */
  const writes: [string, (ids: Ids, first: number) => () => NextRequest, boolean?][] = [
    [
      'Customer/UpdateCustomerData (another person and phone number every request)',
      profileSave({}),
      true,
    ],
    [
      "Customer/UpdateCustomerData (the profile form's whole body, another person and phone number every request)",
      profileSave(PROFILE_FORM),
      true,
    ],
    [
      'Location/UpdateLocation (another admin, location and phone number every request)',
      (ids) => () => {
        serial += 1;
        return {
          path: '/api/v1/Location/UpdateLocation',
          authorization: people[serial % people.length],
          method: 'PATCH',
          body: {
            locationId: ids.locationIds[serial % ids.locationIds.length],
            phoneNumber: `+49 30 ${String(serial).padStart(7, '0')}`,
          },
        };
      },
    ],
    [
      'Employee/InviteEmployee (another practice and new address every request)',
      (ids, first) => {
        let n = 0;
        return () => {
          n += 1;
          serial += 1;
          const k = first + (n % INVITERS_PER_LINE);
          return {
            path: '/api/v1/Employee/InviteEmployee',
            authorization: inviters[k],
            method: 'POST',
            body: {
              companyId: ids.invitingPracticeIds[k],
              email: `invitee${serial}.${RUN}@bench.example.com`,
            },
          };
        };
      },
    ],
  ];
  /** Issue 28: each write on the reference and the portal, the server at 200 connections. */
  const measureWrites = async () => {
    const selected = writes.filter(([label]) => wanted(label));
    if (selected.length === 0) return;
    console.log(
      `\nWrites: ${WRITE_CONNECTIONS} connections on the server, ${EMBEDDED_WRITE_CONNECTIONS} on the embedded database, ${SECONDS} s each; the portals with ACCOUNT_WRITES_PER_HOUR=1000000 (default 100); invitations from ${INVITERS_PER_LINE} practices per line (mail limits: 30 an hour per account)\n`,
    );
    console.log(
      '| call | target | req/s | p50 ms | p99 ms | non-2xx | rps vs reference | p99 vs reference |',
    );
    console.log('|---|---|---|---|---|---|---|---|');
    for (const [label, nextOf, withoutTransaction = false] of selected) {
      const on = (port: number) => `${base(port)}/Lifetime/IsAlive`;
      const reference = await measure(
        on(ports.reference),
        undefined,
        nextOf(onServer, 0),
        WRITE_CONNECTIONS,
      );
      const server = await measure(
        on(ports.server),
        undefined,
        nextOf(onServer, INVITERS_PER_LINE),
        WRITE_CONNECTIONS,
      );
      console.log(line(`${label} | reference, ${WRITE_CONNECTIONS} connections`, reference));
      console.log(
        line(`${label} | PostgreSQL, ${WRITE_CONNECTIONS} connections`, server, reference),
      );
      if (!onEmbedded) continue;
      // The embedded database's floor: the same statements on PGlite alone, for the writes
      // without a transaction (the embedded reference runs none).
      const embeddedReference = withoutTransaction
        ? await measure(
            on(ports.embeddedReference),
            undefined,
            nextOf(onEmbedded, 0),
            EMBEDDED_WRITE_CONNECTIONS,
          )
        : undefined;
      const embedded = await measure(
        on(ports.embedded),
        undefined,
        nextOf(onEmbedded, 0),
        EMBEDDED_WRITE_CONNECTIONS,
      );
      if (embeddedReference) {
        console.log(
          line(
            `${label} | embedded reference, ${EMBEDDED_WRITE_CONNECTIONS} connections`,
            embeddedReference,
          ),
        );
      }
      console.log(
        line(
          `${label} | embedded, ${EMBEDDED_WRITE_CONNECTIONS} connections`,
          embedded,
          embeddedReference,
        ),
      );
    }
  };
  console.log(
    `\nBenchmark (${SCALE} data set): ${CONNECTIONS} connections, ${SECONDS} s each, loopback (${new Date().toISOString().slice(0, 10)})\n`,
  );
  console.log(
    '| call | target | req/s | p50 ms | p99 ms | non-2xx | rps vs reference | p99 vs reference |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  const bare = await measure(`http://127.0.0.1:${ports.reference}/bare`);
  console.log(
    `| bare Fastify handler | reference | ${Math.round(bare.rps)} | ${bare.p50} | ${bare.p99} | ${bare.non2xx} | – | – |`,
  );
  if (FILTERED_LOG.some(([label]) => wanted(label))) {
    const authorization = `Bearer ${await issuer.tokenFor(BENCH_ADMIN)}`;
    for (const [, port, ids] of targets) await findLogPerson(base(port), ids, authorization);
  }
  for (const [label, pathOf, authenticated, sorts] of calls.filter(([label]) => wanted(label))) {
    const authorization = authenticated
      ? `Bearer ${await issuer.tokenFor(BENCH_ADMIN)}`
      : undefined;
    /** Each portal's reference line, by the portal's name. */
    const references = new Map<string, Measurement>();
    for (const {
      portal,
      reference: [referenceName, referencePort],
    } of pairs) {
      const [target, port, ids] = portal;
      const reference = await measure(`${base(referencePort)}${pathOf(ids)}`, authorization);
      const m = await measure(`${base(port)}${pathOf(ids)}`, authorization);
      console.log(line(`${label} | ${referenceName}`, reference));
      console.log(line(`${label} | ${target}`, m, reference));
      references.set(target, reference);
    }
    if (label === 'Customer/GetCustomerData') {
      // Issue 28: another of the 200 signed-in people every request, the reference too.
      const everyPerson = (ids: Ids) => {
        let n = 0;
        return () => {
          n += 1;
          return { path: `/api/v1${pathOf(ids)}`, authorization: people[n % people.length] };
        };
      };
      for (const { portal, reference } of pairs) {
        const [referenceName, referencePort, ids] = reference;
        const everyTime = (port: number) =>
          measure(`${base(port)}${pathOf(ids)}`, authorization, everyPerson(ids));
        const r = await everyTime(referencePort);
        console.log(line(`${label} | ${referenceName}, another person every request`, r));
        const m = await everyTime(portal[1]);
        console.log(line(`${label} | ${portal[0]}, another person every request`, m, r));
      }
    }
    if (sorts.length > 0) {
      await measurePages({ label, pairs, base, pathOf, sorts, authorization, people });
    }
  }
  await measureWrites();
  // Issue 27: the whole list of 10,000 as a CSV file, one export after another (a person clicks
  // once): the time to the file's last byte, five rounds on each database; the target is 5 s.
  // Issue 46: the activity log's newest 10,000 entries the same way.
  const exportLines: string[] = [];
  for (const [label, requestOf] of EXPORTS.filter(([label]) => wanted(label))) {
    const authorization = `Bearer ${await issuer.tokenFor(BENCH_ADMIN)}`;
    for (const [target, port, ids] of targets) {
      const [path, init] = requestOf(ids);
      exportLines.push(
        await timedExport(label, target, `${base(port)}${path}`, init, authorization),
      );
    }
  }
  if (exportLines.length > 0) {
    console.log(
      `\n| call | target | file | median s | slowest s | complete |\n|---|---|---|---|---|---|\n${exportLines.join('\n')}`,
    );
  }
  // Issue 46: the first call of people who never signed in, each linked by their address.
  if (wanted(FIRST_SIGN_IN)) {
    await measureFirstSignIn({
      issuer,
      url: `${base(ports.server)}/Customer/GetCustomerData`,
      referenceUrl: `${base(ports.reference)}/Customer/GetCustomerData`,
      databaseUrl: serverUrl,
      adminToken: `Bearer ${await issuer.tokenFor(BENCH_ADMIN)}`,
    });
  }
  // Bare handler and IsAlive in turns, five rounds, the median ratio: a busy machine moves both.
  const ratios: number[] = [];
  for (let round = 0; round < ('Lifetime/IsAlive'.includes(ONLY) ? 5 : 0); round += 1) {
    const bareRound = await measure(`http://127.0.0.1:${ports.reference}/bare`);
    const isAlive = await measure(`${base(ports.server)}/Lifetime/IsAlive`);
    ratios.push(isAlive.rps / bareRound.rps);
  }
  const median = [...ratios].sort((a, b) => a - b)[2] ?? 0;
  if (ratios.length > 0)
    console.log(
      `\nIsAlive on PostgreSQL vs a bare Fastify handler, in turns (median of 5): ${(100 * median).toFixed(0)} % (${ratios.map((r) => `${(100 * r).toFixed(0)} %`).join(', ')})`,
    );
  // An authenticated read with the records in a CRM (issue 24): served from the mirror, it should
  // cost what it costs with the built-in store. The two portals in turns, five rounds, the median.
  if (crmUrl && ('Customer/GetCustomerData'.includes(ONLY) || ONLY === 'CRM')) {
    const crmRatios: number[] = [];
    const crmLines: string[] = [];
    for (let round = 0; round < 5; round += 1) {
      const builtin = await measure(
        `${base(ports.server)}/Customer/GetCustomerData`,
        `Bearer ${await issuer.tokenFor(BENCH_ADMIN)}`,
      );
      const withCrm = await measure(
        `${base(ports.crm)}/Customer/GetCustomerData`,
        `Bearer ${await issuer.tokenFor(BENCH_ADMIN)}`,
      );
      crmRatios.push(withCrm.rps / builtin.rps);
      if (round === 0) {
        crmLines.push(
          line('Customer/GetCustomerData | PostgreSQL, built-in store', builtin),
          line('Customer/GetCustomerData | PostgreSQL, CRM_PROVIDER=dataverse', withCrm, builtin),
        );
      }
    }
    const crmMedian = [...crmRatios].sort((a, b) => a - b)[2] ?? 0;
    console.log(
      `\n| call | target | req/s | p50 ms | p99 ms | non-2xx | rps vs built-in | p99 vs built-in |\n|---|---|---|---|---|---|---|---|\n${crmLines.join('\n')}`,
    );
    console.log(
      `\nCustomer/GetCustomerData with CRM_PROVIDER=dataverse (from the mirror) vs the built-in store, in turns (median of 5): ${(100 * crmMedian).toFixed(0)} % (${crmRatios.map((r) => `${(100 * r).toFixed(0)} %`).join(', ')}); ${Math.abs(1 - crmMedian) <= 0.1 ? 'within' : 'NOT within'} 10 %; ${crmQueued} creates of the first sync marked sent, not pushed`,
    );
  }
  // With valid tokens every answer is 2xx (issue 13); figures of refused calls mean nothing.
  if (EXPLAIN) await explainSlowest(serverUrl, onServer, issuer.issuer);
  if (answers.failed > 0) {
    console.error(`\n${answers.failed} answers were not 2xx: the figures above are not valid.`);
    process.exitCode = 1;
  }
} finally {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await issuer.close();
  await standIn?.stop();
  await databases.close();
}
