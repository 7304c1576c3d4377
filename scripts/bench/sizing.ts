// The sizing guide's figures of issue 46, in the terms of Keycloak's sizing guide (password
// sign-ins a second per vCPU, token renewals a second per vCPU, memory with 10,000 active
// sessions), not a test. One portal instance with its embedded provider, on a fresh database of
// the PostgreSQL server of DATABASE_URL made and dropped by the run, pinned to one core
// (`taskset -c 0`; Linux), the load generator on core 1 where the host has one:
// - password sign-ins: the web app's authorization-code flow with PKCE through the provider's
//   own pages over raw HTTP (sizing-load.ts), for seeded people without a second factor, at
//   rising concurrency; each one's CPU from /proc, so a step's rate over the cores it used is the
//   rate per fully used vCPU; and one Argon2id verify alone, with the provider's parameters;
// - token renewals: the refresh-token grant, rotating as the web app's renewal does;
// - memory: RSS and V8 heap at rest, under load and with 10,000 active provider sessions (made by
//   signing in that often; the instance may use both cores meanwhile, which the output says).
//
//   npm run bench:sizing -- --quick     (a few seconds a step, 1,000 sessions; under 3 minutes)
//   npm run bench:sizing                (15 s steps, 10,000 sessions)
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { createAccount, idpSchema } from '@pp/idp';
import { freePort } from '@pp/testing';
import { loadConfig } from '../../apps/api/src/config.ts';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { migrateDatabase } from '../../apps/api/src/db/migrate.ts';
import { startProcess, waitFor } from './measure.ts';
import { percentile } from './monday-load.ts';
import { ADMIN_URL, databaseUrl } from './prepare-large.ts';
import {
  closedLoop,
  fixed,
  memoryOf,
  PASSWORD,
  people,
  perSecond,
  personEmail,
  renewOnce,
  signInOnce,
  STEP_HEADER,
  stepLine,
  sustained,
  verifyMilliseconds,
  type Instance,
  type Memory,
  type ProviderClient,
  type Step,
} from './sizing-load.ts';

const QUICK = process.argv.includes('--quick');
const STEP_SECONDS = QUICK ? 4 : 15;
const SIGN_IN_CONCURRENCY = QUICK ? [1, 2, 4, 8] : [1, 2, 4, 8, 16];
const RENEWAL_CONCURRENCY = QUICK ? [1, 4, 16] : [1, 4, 16, 32];
const SESSIONS = QUICK ? 1_000 : 10_000;
const COMMAND = `npm run bench:sizing${QUICK ? ' -- --quick' : ''}`;
const MAIN = 'apps/api/src/main.ts';

const hostCores = availableParallelism();
const pinning =
  process.platform === 'linux' && spawnSync('taskset', ['-V']).status === 0 ? 'taskset' : undefined;
/** Moves a process, all its threads, to `cores`. */
const pin = (pid: number, cores: number[]) =>
  pinning && spawnSync('taskset', ['-a', '-p', '-c', cores.join(','), String(pid)]);
const allCores = [...Array(hostCores).keys()];
const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(', ');
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const memoryText = (m: Memory | undefined) =>
  m
    ? `RSS ${fixed(m.rssMiB)} MiB, heap ${fixed(m.heapUsedMiB)} of ${fixed(m.heapTotalMiB)} MiB`
    : '–';

/** A fresh database on the server, migrated, with `count` people of the same password. */
async function prepare(name: string, count: number): Promise<string> {
  const url = databaseUrl(name);
  const database = await openDatabase({ kind: 'server', url, poolSize: 4 });
  try {
    await migrateDatabase(database);
    // One account made as the provider makes it (Argon2id of its parameters); the others get
    // the same hash: each verify costs the same, and seeding 10,000 hashes would take minutes.
    const first = await createAccount(database.db, {
      email: personEmail(0),
      password: PASSWORD,
      emailVerified: true,
    });
    for (let from = 1; from < count; from += 1_000) {
      const rows = [...Array(Math.min(1_000, count - from)).keys()].map((i) => ({
        email: personEmail(from + i),
        emailVerified: true,
        passwordHash: first.passwordHash,
        locale: 'de' as const,
      }));
      await database.db.insert(idpSchema.idpAccounts).values(rows);
    }
    const [row] = await database.db
      .select({ hash: idpSchema.idpAccounts.passwordHash })
      .from(idpSchema.idpAccounts)
      .where(eq(idpSchema.idpAccounts.id, first.id));
    return row!.hash;
  } finally {
    await database.close();
  }
}

/** The settings of a production instance with its embedded provider on `url`. */
async function instanceSettings(url: string): Promise<Record<string, string>> {
  const port = await freePort();
  return {
    NODE_ENV: 'production',
    DATABASE_URL: url,
    PORT: String(port),
    IDP_PORT: String(await freePort()),
    IDP_HOST: '127.0.0.1',
    MANAGEMENT_PORT: String(await freePort()),
    // Not a loopback address: production refuses the development mailbox that one turns on. The
    // browser is never sent there; the flow reads the code off the provider's redirect.
    PUBLIC_URL: `http://portal.sizing.invalid:${port}`,
    DEMO_DATA: 'false',
    LOG_LEVEL: 'info',
    NEWSLETTER_LINK_KEY: randomBytes(32).toString('base64url'),
    TOTP_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    // The shell's settings that would point the instance at another provider.
    OIDC_ISSUER: '',
    OIDC_CLIENT_ID: '',
    OIDC_AUDIENCE: '',
    SMTP_URL: '',
  };
}

async function activeSessions(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ n: number }>(
    `select count(*)::int as n from idp_payloads
      where model = 'Session' and (expires_at is null or expires_at > now())`,
  );
  return rows[0]?.n ?? 0;
}

async function steps(
  title: string,
  concurrencies: number[],
  run: (concurrency: number) => Promise<Step>,
): Promise<Step[]> {
  console.log(`\n### ${title}\n\n${STEP_HEADER}`);
  const done: Step[] = [];
  for (const concurrency of concurrencies) {
    const step = await run(concurrency);
    console.log(stepLine(step));
    done.push(step);
  }
  return done;
}

const name = `pp_sizing_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`create database "${name}"`);
const rows: string[] = [];
const row = (figure: string, measured: string, keycloak = '') =>
  rows.push(`| ${figure} | ${measured} | ${keycloak} | \`${COMMAND}\` |`);
try {
  const preparing = performance.now();
  const hash = await prepare(name, SESSIONS);
  const env = await instanceSettings(databaseUrl(name));
  const config = loadConfig(env);
  const client: ProviderClient = { config, issuer: config.oidc.issuer };
  const generatorCores = pinning && hostCores > 1 ? allCores.slice(1) : allCores;
  console.log(
    `\nSizing (${QUICK ? 'quick' : 'full'}, ${new Date().toISOString().slice(0, 10)}): ${SESSIONS.toLocaleString('en')} people made in ${((performance.now() - preparing) / 1000).toFixed(1)} s on a fresh database of the server. The instance: NODE_ENV=production, embedded provider, ${pinning ? '`taskset -c 0`' : 'not pinned (no taskset here): it may use every core'}; the load generator on ${pinning && hostCores > 1 ? `core ${generatorCores.join(',')}` : 'the same cores'}; PostgreSQL on any core. Host: ${hostCores} cores, load average ${load()}.`,
  );
  const argon2 = await verifyMilliseconds(hash, QUICK ? 10 : 30);
  const parameters = /\$argon2id\$v=\d+\$([^$]+)\$/.exec(hash)?.[1] ?? '?';
  console.log(
    `\nOne Argon2id verify alone (${parameters}), in this process: ${fixed(argon2, 1)} ms`,
  );
  row('one Argon2id verify alone (median)', `${fixed(argon2, 1)} ms (${parameters})`);

  if (pinning) pin(process.pid, generatorCores);
  const instanceProcess = startProcess(MAIN, env, pinning ? '0' : undefined);
  const database = new pg.Client({ connectionString: databaseUrl(name) });
  await database.connect();
  try {
    await waitFor(`http://127.0.0.1:${env['PORT']}/api/v1/Lifetime/IsAlive`);
    await waitFor(`${config.oidc.issuer}/.well-known/openid-configuration`);
    const instance: Instance = {
      pid: instanceProcess.pid!,
      management: `http://127.0.0.1:${env['MANAGEMENT_PORT']}`,
      database,
    };
    await pause(3000);
    const atRest = await memoryOf(instance);
    console.log(`At rest after the start: ${memoryText(atRest)}`);
    row('memory at rest after the start', memoryText(atRest));

    const next = people(SESSIONS);
    // Unmeasured: the pages' code, the provider's keys and the pool warm up.
    await closedLoop(instance, 2, 3, async () => void (await signInOnce(client, next())));
    const signIns = await steps('Password sign-ins', SIGN_IN_CONCURRENCY, (c) =>
      closedLoop(instance, c, STEP_SECONDS, async () => void (await signInOnce(client, next()))),
    );
    const best = sustained(signIns);
    const perCpu = (step: Step) => perSecond(step) / step.cpu;
    row(
      'password sign-ins a second, sustained without errors (p50 / p99)',
      best
        ? `${fixed(perSecond(best), 1)} at ${best.concurrency} concurrent (${fixed(percentile(best.times, 0.5))} / ${fixed(percentile(best.times, 0.99))} ms), instance at ${fixed(best.cpu, 2)} cores: **${fixed(perCpu(best), 1)} per vCPU**`
        : 'no step without errors',
      '~15 per vCPU',
    );

    const tokens = await Promise.all(
      [...Array(Math.max(...RENEWAL_CONCURRENCY)).keys()].map(() => signInOnce(client, next())),
    );
    const renewals = await steps('Token renewals (refresh-token grant)', RENEWAL_CONCURRENCY, (c) =>
      closedLoop(instance, c, STEP_SECONDS, async (worker) => {
        tokens[worker] = await renewOnce(client, tokens[worker]!);
      }),
    );
    const bestRenewal = sustained(renewals);
    row(
      'token renewals a second, sustained without errors (p50 / p99)',
      bestRenewal
        ? `${fixed(perSecond(bestRenewal), 1)} at ${bestRenewal.concurrency} concurrent (${fixed(percentile(bestRenewal.times, 0.5))} / ${fixed(percentile(bestRenewal.times, 0.99))} ms), instance at ${fixed(bestRenewal.cpu, 2)} cores: **${fixed(perCpu(bestRenewal), 1)} per vCPU**`
        : 'no step without errors',
      '~120 per vCPU (client credentials, refresh)',
    );
    const loaded = [...signIns, ...renewals].filter((s) => s.memory).at(-1)?.memory;
    const peakRss = Math.max(...[...signIns, ...renewals].map((s) => s.memory?.rssMiB ?? 0));
    row(
      'memory under load (the last step, mid-step; peak RSS of all steps)',
      `${memoryText(loaded)}; peak RSS ${fixed(peakRss)} MiB`,
    );

    // The sessions so far, then more sign-ins up to SESSIONS: the instance may use every core.
    let sessions = await activeSessions(database);
    const missing = SESSIONS - sessions;
    if (missing > 0) {
      if (pinning) pin(instance.pid, allCores);
      const started = performance.now();
      let left = missing;
      const filled = await closedLoop(
        instance,
        8,
        60 * 60,
        async () => void (await signInOnce(client, next())),
        () => left-- > 0,
      );
      if (pinning) pin(instance.pid, [0]);
      const failed = [...filled.errors];
      console.log(
        `\n${missing.toLocaleString('en')} more sign-ins for the sessions in ${((performance.now() - started) / 1000).toFixed(0)} s (the instance on ${pinning ? 'all cores meanwhile' : 'any core'}; failed: ${failed.map(([k, n]) => `${k} ×${n}`).join('; ') || 0})`,
      );
    }
    sessions = await activeSessions(database);
    await pause(3000);
    const withSessions = await memoryOf(instance);
    console.log(
      `With ${sessions.toLocaleString('en')} active sessions, at rest: ${memoryText(withSessions)}`,
    );
    row(
      `memory with ${sessions.toLocaleString('en')} active provider sessions, at rest`,
      memoryText(withSessions),
      '~1,250 MB per instance with 10,000 sessions',
    );
  } finally {
    await database.end();
    if (instanceProcess.exitCode === null) {
      const exited = new Promise((resolve) => instanceProcess.once('exit', resolve));
      instanceProcess.kill('SIGTERM');
      await exited;
    }
    if (pinning) pin(process.pid, allCores);
  }
  console.log(
    `\n| figure | measured | Keycloak's sizing guide | command |\n|---|---|---|---|\n${rows.join('\n')}`,
  );
  console.log(`\nLoad average at the end: ${load()}`);
} finally {
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.end();
}
