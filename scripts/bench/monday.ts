// The Monday-morning benchmark of issue 46, not a test: many people signing in, opening the
// dashboard, their practice's staff list and locations, a few saving their profile, admins
// inviting, each making the calls the web app makes with think time between screens
// (monday-visit.ts), arriving at a rate (monday-load.ts). For one portal instance pinned to one
// core and to two (`taskset -c 0`, `-c 0,1`; Linux), on the PostgreSQL server of DATABASE_URL,
// it finds the largest arrival rate with p99 ≤ 500 ms over all calls and no failed call, and
// prints p50/p95/p99 per call, the instance's CPU and memory (RSS) at rest and under load.
//
// Sign-in: tokens of a test issuer (the benchmark's external provider, as `npm run bench` uses),
// minted when each person arrives. With an external provider, as a production deployment with
// Keycloak or Entra ID has it, the instance's share of a sign-in is verifying the new token and
// the startup's calls; the embedded provider's Argon2id would add its hashing on the instance's
// cores, which the sizing guide measures on its own (password sign-ins per second per vCPU).
//
//   npm run bench:monday -- --quick      (a few seconds a step; under 3 minutes)
//   npm run bench:monday                 (minutes a step, realistic think times; about an hour)
//   npm run bench:monday -- --scale large     (the data set of `npm run bench:prepare`)
//   npm run bench:monday -- --from 40         (the first rate tried, people a second)
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import pg from 'pg';
import { startTestIssuer } from '../../apps/api/test/support/issuer.ts';
import { freePort } from '@pp/testing';
import { portalSettings, startProcess, waitFor } from './measure.ts';
import {
  P99_LIMIT_MS,
  percentile,
  processUsage,
  runStep,
  searchRate,
  seeded,
  type Load,
  type Mode,
  type StepResult,
} from './monday-load.ts';
import { mondayPeople } from './monday-people.ts';
import { BENCH_CLIENT_ID } from './prepare.ts';
import { benchDatabases, SCALE } from './scale.ts';

const QUICK = process.argv.includes('--quick');
const FROM = process.argv.includes('--from')
  ? Number(process.argv[process.argv.indexOf('--from') + 1])
  : undefined;
const MODE: Mode = QUICK
  ? {
      name: 'quick',
      rampSeconds: 2,
      stepSeconds: 4,
      drainSeconds: 10,
      think: [0.2, 0.6],
      startRate: FROM ?? 20,
      maxSteps: 6,
      tolerance: 0.3,
    }
  : {
      name: 'full',
      rampSeconds: 40,
      stepSeconds: 90,
      drainSeconds: 90,
      think: [2, 10],
      startRate: FROM ?? 5,
      maxSteps: 10,
      tolerance: 0.1,
    };
/** Arrivals before the search, not counted: the instance's code and connections warm up. */
const WARM_SECONDS = QUICK ? 2 : 20;
/** Of every visit, the share that saves the profile; of the admins chosen to invite, who do. */
const SHARES = { save: 0.1, invite: 0.2 };
/** The small data set's practices of one superadmin each (prepare.ts): many small practices. */
const INVITERS = 1_000;
/** At most this many people of the data set visit, each once before anyone comes again. */
const POOL = 20_000;
const CONFIGURATIONS = [
  { name: 'one core', cpus: [0] },
  { name: 'two cores', cpus: [0, 1] },
];
const MAIN = 'apps/api/src/main.ts';

const hostCores = availableParallelism();
const pinning =
  process.platform === 'linux' && spawnSync('taskset', ['-V']).status === 0 ? 'taskset' : undefined;
/** Moves this process (the load generator), all its threads, to `cores`. */
const pinGenerator = (cores: number[]) =>
  pinning && spawnSync('taskset', ['-a', '-p', '-c', cores.join(','), String(process.pid)]);
const fixed = (n: number | undefined, digits = 0) =>
  n === undefined || Number.isNaN(n) ? '–' : n.toFixed(digits);
const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(', ');

function stepLine(step: StepResult, verdict = step.pass ? 'passed' : 'failed') {
  const failures = [...step.failures].map(([key, n]) => `${key} ×${n}`).join('; ');
  return `| ${fixed(step.rate, 1)} | ${step.visits} | ${fixed(step.all.length / MODE.stepSeconds)} | ${fixed(percentile(step.all, 0.5))} | ${fixed(percentile(step.all, 0.95))} | ${fixed(percentile(step.all, 0.99))} | ${failures || 0}${step.unfinished ? `; ${step.unfinished} visits unfinished` : ''} | ${fixed(step.instanceCpu, 2)} | ${fixed(step.databaseCpu, 2)} | ${fixed(step.generatorCpu, 2)} | ${fixed(step.hostCpu, 2)} | ${fixed(step.rssMiB)} | ${verdict} |`;
}

const preparing = performance.now();
const issuer = await startTestIssuer();
const databases = await benchDatabases(issuer.issuer, INVITERS, { serverOnly: true });
const { serverUrl } = databases;
/** Whether the PostgreSQL server runs on this machine, where its sessions' CPU can be read. */
const LOCAL_DATABASE = ['localhost', '127.0.0.1', '[::1]', ''].includes(
  new URL(serverUrl).hostname,
);
const RUN = randomBytes(3).toString('hex');
const summary: string[] = [];
try {
  const { people, admins, practices, forget } = await mondayPeople(serverUrl, issuer.issuer, POOL);
  const database = new pg.Client({ connectionString: serverUrl });
  await database.connect();
  try {
    const { rows } = await database.query<{ server_version: string }>('show server_version');
    console.log(
      `\nMonday morning (${MODE.name}, ${SCALE} data set, ${new Date().toISOString().slice(0, 10)}): ${people.length.toLocaleString('en')} people of ${practices.toLocaleString('en')} practices (${admins.toLocaleString('en')} of them admins), made and linked in ${((performance.now() - preparing) / 1000).toFixed(1)} s; PostgreSQL ${rows[0]?.server_version} ${LOCAL_DATABASE ? 'on this machine' : `on ${new URL(serverUrl).hostname}`}. Each step: ${MODE.rampSeconds} s of arrivals, then ${MODE.stepSeconds} s measured, the visits then finishing within ${MODE.drainSeconds} s; think ${MODE.think[0]}–${MODE.think[1]} s between screens; ${100 * SHARES.save} % save their profile, ${100 * SHARES.invite} % of the admins chosen to invite (one per practice) invite. Sign-in: tokens of the run's issuer, an external provider (see monday.ts). Host: ${hostCores} cores, load average ${load()}.`,
    );
    const oidc = {
      OIDC_ISSUER: issuer.issuer,
      OIDC_CLIENT_ID: BENCH_CLIENT_ID,
      OIDC_AUDIENCE: issuer.audience,
    };
    const random = seeded(46);
    let serial = 0;
    for (const { name, cpus } of CONFIGURATIONS) {
      const needed = Math.max(...cpus) + 1;
      if (needed > hostCores) {
        summary.push(`| ${name} | not run: the host has ${hostCores} core(s) | | | |`);
        continue;
      }
      const rest = [...Array(hostCores).keys()].filter((core) => !cpus.includes(core));
      pinGenerator(rest.length > 0 ? rest : [...Array(hostCores).keys()]);
      const postgres = LOCAL_DATABASE ? '; PostgreSQL on this machine, on any core' : '';
      const where = !pinning
        ? 'not pinned (no taskset here): the instance may use every core'
        : `\`taskset -c ${cpus.join(',')}\`; the load generator on ${rest.length > 0 ? `core ${rest.join(',')}` : `the same ${hostCores} cores (the host has no core to spare: the instance shares them with it)`}${postgres}`;
      console.log(`\n### One instance on ${name}: ${where}\n`);
      const port = await freePort();
      const instance = startProcess(
        MAIN,
        { ...(await portalSettings(oidc, port)), DATABASE_URL: serverUrl, PORT: String(port) },
        pinning ? cpus.join(',') : undefined,
      );
      try {
        const origin = `http://127.0.0.1:${port}`;
        await waitFor(`${origin}/api/v1/Lifetime/IsAlive`);
        const pid = instance.pid!;
        // At rest: what the started instance uses with nobody signed in.
        await new Promise((resolve) => setTimeout(resolve, 2000));
        const before = processUsage(pid);
        await new Promise((resolve) => setTimeout(resolve, 3000));
        const atRest = processUsage(pid);
        const restCpu = before && atRest ? (atRest.cpuSeconds - before.cpuSeconds) / 3 : Number.NaN;
        console.log(
          `At rest: CPU ${fixed(restCpu, 3)} cores, RSS ${fixed(atRest?.rssMiB)} MiB; load average ${load()}\n`,
        );
        const mondayLoad: Load = {
          mode: MODE,
          people,
          instancePid: pid,
          ...(LOCAL_DATABASE ? { database } : {}),
          context: {
            origin,
            signIn: (email) => issuer.tokenFor(email, { expiresIn: 600 }),
            random,
            think: MODE.think,
            shares: SHARES,
            serial: () => (serial += 1),
            run: RUN,
          },
        };
        await runStep(
          { ...mondayLoad, mode: { ...MODE, rampSeconds: 0, stepSeconds: WARM_SECONDS } },
          MODE.startRate,
        );
        console.log(
          '| people/s | visits | calls/s | p50 ms | p95 ms | p99 ms | failed calls | instance CPU (cores) | its database sessions (cores) | load generator (cores) | whole host (cores) | RSS MiB | verdict |',
        );
        console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
        const { found } = await searchRate(mondayLoad, (step) => console.log(stepLine(step)));
        const atEnd = processUsage(pid);
        console.log(`\nAt the end: RSS ${fixed(atEnd?.rssMiB)} MiB; load average ${load()}`);
        if (!found) {
          console.log(`No rate passed (the lowest tried failed): try --from with a lower rate.`);
          summary.push(
            `| ${name} | none passed | | | ${fixed(atRest?.rssMiB)} / ${fixed(atEnd?.rssMiB)} |`,
          );
          continue;
        }
        console.log(
          `\nLargest rate found: ${fixed(found.rate, 1)} people a second (${fixed(found.all.length / MODE.stepSeconds)} calls a second), p99 ${fixed(percentile(found.all, 0.99))} ms ≤ ${P99_LIMIT_MS} ms, no failed call\n`,
        );
        console.log('| call | calls | p50 ms | p95 ms | p99 ms |\n|---|---|---|---|---|');
        for (const [label, times] of [...found.calls].sort(([a], [b]) => a.localeCompare(b))) {
          console.log(
            `| ${label} | ${times.length} | ${fixed(percentile(times, 0.5))} | ${fixed(percentile(times, 0.95))} | ${fixed(percentile(times, 0.99))} |`,
          );
        }
        summary.push(
          `| ${name} | ${fixed(found.rate, 1)} | ${fixed(percentile(found.all, 0.99))} | ${fixed(found.instanceCpu, 2)} | ${fixed(atRest?.rssMiB)} / ${fixed(found.rssMiB)} / ${fixed(atEnd?.rssMiB)} |`,
        );
      } finally {
        if (instance.exitCode === null) {
          const exited = new Promise((resolve) => instance.once('exit', resolve));
          instance.kill('SIGTERM');
          await exited;
        }
      }
    }
  } finally {
    await database.end();
    pinGenerator([...Array(hostCores).keys()]);
    // A kept data set keeps the invitations and saves, as `npm run bench` does; not the links.
    if (SCALE === 'large') await forget();
  }
  console.log(
    `\n| instance | people a second | p99 ms | instance CPU at that rate (cores) | RSS MiB at rest / at that rate / at the end |\n|---|---|---|---|---|\n${summary.join('\n')}`,
  );
} finally {
  await issuer.close();
  await databases.close();
}
