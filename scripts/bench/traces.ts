// What tracing costs (issue 45), not a test: one portal on the PostgreSQL server without an OTLP
// endpoint and one with it, exporting to a receiver in this process that drops what it gets,
// measured with autocannon on loopback in turns (off, on, off, on). Prints requests per second,
// p50 and p99 of `IsAlive` (a call with one statement: a call span and a statement span) and the
// ratio of the traced portal to the other. Figures here are noisy; the ratio is what counts.
//
//   node --import tsx scripts/bench/traces.ts   (DATABASE_URL names the server; BENCH_SECONDS)
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort } from '@pp/testing';
import { startTestIssuer } from '../../apps/api/test/support/issuer.ts';

const ADMIN_URL = process.env['DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 5);
const CONNECTIONS = 10;
const REPO = path.resolve(import.meta.dirname, '../..');

let exports = 0;
const receiver = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    exports += 1;
    response.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

const issuer = await startTestIssuer();
const name = `pp_bench_traces_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`create database "${name}"`);
const databaseUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${name}` }).toString();

const children: ChildProcess[] = [];
async function startPortal(tracing: Record<string, string>): Promise<string> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: REPO,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DEMO_DATA: 'false',
      LOG_LEVEL: 'info',
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      DATABASE_URL: databaseUrl,
      OIDC_ISSUER: issuer.issuer,
      OIDC_CLIENT_ID: 'practice-portal-web',
      OIDC_AUDIENCE: issuer.audience,
      NEWSLETTER_LINK_KEY: randomBytes(32).toString('base64url'),
      ...tracing,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  const url = `http://127.0.0.1:${port}/api/v1/Lifetime/IsAlive`;
  for (let i = 0; i < 600; i += 1) {
    const up = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return url;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not come up`);
}

try {
  const modes = {
    off: {},
    'on, every call': { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint },
    'on, 1 call in 10': {
      OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
      OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
      OTEL_TRACES_SAMPLER_ARG: '0.1',
    },
  };
  type Mode = keyof typeof modes;
  // One after the other: two portals migrating one database at once would wait on its lock.
  const urls = {} as Record<Mode, string>;
  for (const [mode, env] of Object.entries(modes)) urls[mode as Mode] = await startPortal(env);
  const results = new Map<Mode, autocannon.Result[]>();
  for (let round = 0; round < 2; round += 1) {
    for (const [mode, url] of Object.entries(urls) as [Mode, string][]) {
      const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS });
      results.set(mode, [...(results.get(mode) ?? []), result]);
    }
  }
  const average = (mode: Mode, pick: (r: autocannon.Result) => number) =>
    (results.get(mode) ?? []).reduce((sum, r) => sum + pick(r), 0) / 2;
  const row = (mode: Mode) => ({
    rps: average(mode, (r) => r.requests.average),
    p50: average(mode, (r) => r.latency.p50),
    p99: average(mode, (r) => r.latency.p99),
    failed: average(mode, (r) => r.non2xx + r.errors + r.timeouts) * 2,
  });
  const off = row('off');
  console.log(
    `\nIsAlive, ${CONNECTIONS} connections, 2 × ${SECONDS} s each, PostgreSQL server, Node ${process.version}\n`,
  );
  console.log('| tracing | req/s | p50 ms | p99 ms | failed | rps vs off | p99 vs off |');
  console.log('|---|---|---|---|---|---|---|');
  for (const mode of Object.keys(modes) as Mode[]) {
    const m = row(mode);
    const ratios =
      mode === 'off'
        ? '– | –'
        : `${(m.rps / off.rps).toFixed(2)} | ${(m.p99 / off.p99).toFixed(2)}`;
    console.log(
      `| ${mode} | ${Math.round(m.rps)} | ${m.p50} | ${m.p99} | ${m.failed} | ${ratios} |`,
    );
  }
  console.log(`\nexport requests received: ${exports}`);
} finally {
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(children.map((child) => new Promise((resolve) => child.once('exit', resolve))));
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.end();
  await issuer.close();
  receiver.close();
}
