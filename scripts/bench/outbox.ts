// The outboxes at a provider's size (issue 46), a benchmark, not a test: 100,000 waiting mails,
// then 100,000 waiting CRM writes, each drained by one portal instance (pinned to core 0 with
// `taskset` where there is one) for a fixed time. Prints the mails delivered a second to an SMTP
// sink and the time to the first one; the CRM writes a second pushed to the Dataverse stand-in
// (with Dataverse's service protection limits) and its requests against the connector's budget
// of 900 a minute; for both the p50/p99 of Customer/GetCustomerData under a small load while
// the backlog drains, beside the same instance before the backlog; and EXPLAIN (ANALYZE,
// BUFFERS) of each worker's picking statement with the backlog in place. The rows it adds are
// removed at the end, also when it fails.
//
//   npm run bench:outbox -- --quick            (15 s a part; the small data set, made for the run)
//   npm run bench:outbox -- --scale large      (60 s a part; `npm run bench:prepare` first)
import { spawnSync, type ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { portalDataverseSettings, startDataverseStandIn } from '@pp/dataverse-stand-in';
import { freePort } from '@pp/testing';
import { REQUESTS_PER_MINUTE } from '../../apps/api/src/crm-sync/budget.ts';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { startTestIssuer } from '../../apps/api/test/support/issuer.ts';
import { stoppableSink } from '../faults/smtp-sink.ts';
import { portalSettings, startProcess, waitFor } from './measure.ts';
import {
  connectCrm,
  crmPick,
  BACKLOG_DOMAIN,
  crmTablesEmpty,
  explain,
  insertCrmWrites,
  insertMails,
  mailPick,
  outboxDatabase,
  removeCrm,
  removeMails,
} from './outbox-backlog.ts';
import { BENCH_CLIENT_ID } from './prepare.ts';
import { SCALE } from './scale.ts';

const QUICK = process.argv.includes('--quick');
const SECONDS = QUICK ? 15 : 60;
const BACKLOG = 100_000;
/** Reads before the first measured one: the new instance's code and connections warm up. */
const WARM_SECONDS = QUICK ? 3 : 10;
/**
 * The read beside the backlog: a small load, as people using the portal meanwhile, at a fixed
 * rate, so that it does not take the instance's core from the workers (an unbounded load would
 * measure the workers on a saturated instance).
 */
const READ_CONNECTIONS = 10;
const READ_RATE = 100;
const MAIN = 'apps/api/src/main.ts';
const COMMAND = `npm run bench:outbox --${QUICK ? ' --quick' : ''}${SCALE === 'large' ? ' --scale large' : ''}`;

const pinned = process.platform === 'linux' && spawnSync('taskset', ['-V']).status === 0;
const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(', ');
const fixed = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '–');

const issuer = await startTestIssuer();
const databases = await outboxDatabase(issuer.issuer);
const { serverUrl } = databases;
const client = new pg.Client({ connectionString: serverUrl });
await client.connect();
const database = await openDatabase({ kind: 'server', url: serverUrl, poolSize: 1 });
const sink = stoppableSink(await freePort());
await sink.start();
const standIn = await startDataverseStandIn({
  port: 0,
  demo: false,
  serviceProtection: true,
  seenLimit: 1_000_000,
});
const figures: string[] = [];
const figure = (what: string, value: string) => figures.push(`| ${what} | ${value} |`);

async function startInstance(env: Record<string, string>) {
  const port = await freePort();
  const oidc = {
    OIDC_ISSUER: issuer.issuer,
    OIDC_CLIENT_ID: BENCH_CLIENT_ID,
    OIDC_AUDIENCE: issuer.audience,
  };
  const settings = { ...(await portalSettings(oidc, port)), DATABASE_URL: serverUrl };
  const instance = startProcess(
    MAIN,
    { ...settings, PORT: String(port), ...env },
    pinned ? '0' : undefined,
  );
  await waitFor(`http://127.0.0.1:${port}/api/v1/Lifetime/IsAlive`);
  return { instance, read: `http://127.0.0.1:${port}/api/v1/Customer/GetCustomerData` };
}

async function stop(instance: ChildProcess) {
  if (instance.exitCode !== null) return;
  const exited = new Promise((resolve) => instance.once('exit', resolve));
  instance.kill('SIGTERM');
  await exited;
}

/** The read under a small load for `seconds`: calls a second, p50, p99, failed answers. */
async function read(url: string, seconds: number) {
  // A token of its own: the api takes none that lives longer than 10 minutes.
  const authorization = `Bearer ${await issuer.tokenFor(databases.reader)}`;
  const result = await autocannon({
    url,
    connections: READ_CONNECTIONS,
    overallRate: READ_RATE,
    duration: seconds,
    headers: { authorization },
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
    codes: Object.entries((result.statusCodeStats ?? {}) as Record<string, { count: number }>)
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, { count }]) => `${code}×${count}`)
      .join(' '),
  };
}
type Read = Awaited<ReturnType<typeof read>>;

function readFigures(part: string, before: Read, during: Read) {
  figure(
    `${part}: Customer/GetCustomerData, ${READ_RATE}/s on ${READ_CONNECTIONS} connections, no backlog`,
    `${fixed(before.rps)}/s, p50 ${before.p50} ms, p99 ${before.p99} ms, ${before.failed} failed ${before.codes}`,
  );
  figure(
    `${part}: the same while the backlog drains`,
    `${fixed(during.rps)}/s, p50 ${during.p50} ms, p99 ${during.p99} ms, ${during.failed} failed ${during.codes}; ` +
      `p50 ${fixed(during.p50 / before.p50, 2)}×, p99 ${fixed(during.p99 / before.p99, 2)}×, ` +
      `calls ${fixed((100 * during.rps) / before.rps)} %`,
  );
}

function printPlan(name: string, explained: Awaited<ReturnType<typeof explain>>) {
  const indexOnly = explained.scans.every((scan) => !scan.startsWith('Seq Scan'));
  console.log(`\n### ${name}, with the backlog in place\n`);
  console.log(explained.plan.map((line) => `    ${line}`).join('\n'));
  console.log(`\nScans: ${explained.scans.join('; ')}`);
  return `${indexOnly ? 'index scans only' : 'a sequential scan'}: ${explained.scans.join('; ')}`;
}

async function mailPart() {
  const { instance, read: url } = await startInstance({ SMTP_URL: sink.url });
  try {
    await read(url, WARM_SECONDS);
    const before = await read(url, SECONDS);
    const started = performance.now();
    await insertMails(client, BACKLOG);
    const insertedAt = Date.now();
    figure(
      'mail: 100,000 waiting mails put into mail_outbox',
      `${fixed((performance.now() - started) / 1000, 1)} s`,
    );
    const during = await read(url, SECONDS);
    // Only the backlog's: mails the data set still held pending (the invitations of
    // `npm run bench`) go out at the start too, before the backlog is in.
    const backlog = sink.received.filter(({ recipients }) =>
      recipients.some((recipient) => recipient.endsWith(BACKLOG_DOMAIN)),
    );
    const delivered = backlog.length;
    const first = backlog[0]?.at;
    const elapsed = (Date.now() - insertedAt) / 1000;
    figure(
      `mail: delivered in ${fixed(elapsed)} s, 4 workers, SMTP sink on this machine`,
      `${delivered.toLocaleString('en')}: ${fixed(delivered / elapsed, 1)} mails a second`,
    );
    figure(
      'mail: time to the first mail delivered (from the backlog committed)',
      first === undefined ? 'none delivered' : `${fixed((first - insertedAt) / 1000, 2)} s`,
    );
    readFigures('mail', before, during);
    await stop(instance);
    const plan = printPlan(
      'The mail worker picks its next mails',
      await explain(client, await mailPick(database)),
    );
    figure('mail: the picking statement (claimDueMails)', plan);
  } finally {
    await stop(instance);
  }
}

async function crmPart() {
  await connectCrm(client);
  const { instance, read: url } = await startInstance(portalDataverseSettings(standIn.url));
  try {
    await read(url, WARM_SECONDS);
    const before = await read(url, SECONDS);
    const requestsBefore = standIn.seen.length;
    const started = performance.now();
    const people = await insertCrmWrites(client, BACKLOG);
    const inserted = performance.now();
    figure(
      'CRM: 100,000 waiting writes put into crm_outbox',
      `${fixed((inserted - started) / 1000, 1)} s; ${people === BACKLOG ? `the creation of 100,000 people's contacts (the data set has no CRM links: the writes of a first connection)` : `the creation of ${people.toLocaleString('en')} people's contacts, the rest changes of their phone (the data set has no CRM links)`}`,
    );
    // Each second: the requests and writes so far, to see when the minute's budget is spent.
    const samples: { requests: number; writes: number }[] = [];
    const sampler = setInterval(() => {
      const seen = standIn.seen.slice(requestsBefore);
      samples.push({
        requests: seen.length,
        writes: seen.filter((r) => r.method !== 'GET').length,
      });
    }, 1000);
    const during = await read(url, SECONDS).finally(() => clearInterval(sampler));
    const elapsed = (performance.now() - inserted) / 1000;
    const { rows } = await client.query<{ done: number; parked: number }>(
      `select count(*) filter (where status = 'done')::int as done,
              count(*) filter (where status = 'parked')::int as parked from crm_outbox`,
    );
    const requests = standIn.seen.slice(requestsBefore);
    const writes = requests.filter((r) => r.method !== 'GET').length;
    const kinds = new Map<string, number>();
    for (const { method, path } of requests) {
      const kind = `${method} ${path.split('/')[4]?.replace(/\(.*/, '') ?? path}`;
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    }
    const perMinute = (60 * requests.length) / elapsed;
    figure(
      `CRM: writes pushed in ${SECONDS} s (Dataverse stand-in on this machine)`,
      `${(rows[0]?.done ?? 0).toLocaleString('en')} done, ${rows[0]?.parked ?? 0} parked: ${fixed((rows[0]?.done ?? 0) / elapsed, 1)} a second`,
    );
    // Spent: the connector reserves its budget in blocks, and stops just short of the minute's.
    const spent = samples.findIndex((sample) => sample.requests >= 0.95 * REQUESTS_PER_MINUTE);
    const refused = requests.filter((r) => r.status === 429).length;
    figure(
      'CRM: requests to the stand-in',
      `${requests.length.toLocaleString('en')} (${writes.toLocaleString('en')} writes, ${refused} answered 429): ${fixed(perMinute)} a minute over the ${fixed(elapsed)} s; ${[...kinds].map(([kind, n]) => `${kind} ${n}`).join(', ')}`,
    );
    figure(
      `CRM: against the connector's budget of ${REQUESTS_PER_MINUTE} requests a minute`,
      (spent < 0
        ? `not spent within the run: ${fixed((100 * perMinute) / REQUESTS_PER_MINUTE)} % of it`
        : `a minute's budget spent (${samples[spent]!.requests} requests) after ${spent + 1} s (${fixed(samples[spent]!.writes / (spent + 1), 1)} writes a second until then), then the pushes wait for the next minute`) +
        `; sustained it allows ${fixed(REQUESTS_PER_MINUTE / 60)} requests a second: 100,000 writes of one request each take at least ${fixed(BACKLOG / REQUESTS_PER_MINUTE)} min`,
    );
    readFigures('CRM', before, during);
    await stop(instance);
    const plan = printPlan(
      'The CRM outbox claims its next writes',
      await explain(client, await crmPick(database)),
    );
    figure('CRM: the picking statement (claimDue)', plan);
  } finally {
    await stop(instance);
  }
}

const used = await crmTablesEmpty(client);
try {
  if (used.length > 0)
    throw new Error(
      `The CRM tables hold rows (${used.join(', ')}): this run adds its own and removes them after, so it needs them empty.`,
    );
  const { rows } = await client.query<{ server_version: string }>('show server_version');
  console.log(
    `\nOutboxes at a backlog of ${BACKLOG.toLocaleString('en')} (${SCALE} data set, ${new Date().toISOString().slice(0, 10)}): ${SECONDS} s a part, one instance ${pinned ? 'on core 0 (`taskset -c 0`)' : 'not pinned (no taskset here)'}, PostgreSQL ${rows[0]?.server_version}; load average ${load()}`,
  );
  await mailPart();
  await crmPart();
  console.log(`\n\`${COMMAND}\`; load average at the end ${load()}\n`);
  console.log(`| figure | value |\n|---|---|\n${figures.join('\n')}`);
} finally {
  // Each step on its own: a failed one must not keep the others from removing what they added.
  const settle = async (step: () => Promise<unknown>) => {
    await step().catch((error: unknown) => console.error('cleaning up:', error));
  };
  await settle(async () => {
    const mails = await removeMails(client);
    if (used.length === 0) await removeCrm(client);
    console.log(
      `\nRemoved the run's ${mails.toLocaleString('en')} mails${used.length === 0 ? ' and its CRM rows' : ''}.`,
    );
    // The deleted rows' space at once: 100,000 of 2,000,000 rows start no autovacuum, and the
    // next run's claims would step over their dead index entries.
    for (const table of ['mail_outbox', 'crm_outbox', 'crm_links', 'rate_limits']) {
      await client.query(`vacuum (analyze) ${table}`);
    }
  });
  await settle(() => databases.close());
  await settle(() => client.end());
  await settle(() => database.close());
  await settle(() => sink.stop());
  await settle(() => standIn.stop());
  await settle(() => issuer.close());
}
