import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base } from './fixtures.ts';
import { freePort } from './free-port.ts';
import { REPO_ROOT } from './paths.ts';
import type { Portal } from './portal.ts';

// A portal on a database of its own on the PostgreSQL server (`TEST_DATABASE_URL`, as for the
// api tests and set by `.ci/run`; by default the machine's server on 127.0.0.1:5432): a spec can write what no screen or call can, such
// as an invitation past its expiry. The embedded database of `portal-server.ts` lives inside
// the portal process and cannot be reached from outside.

const SERVER_URL =
  process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const STARTUP_TIMEOUT_MS = 90_000;
const DROPPED = ['DATABASE_URL', 'OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_AUDIENCE', 'SMTP_URL'];

/** Runs SQL with `psql` (no client library needed) and answers its unaligned output. */
function psql(url: string, query: string): string {
  return execFileSync('psql', [url, '-v', 'ON_ERROR_STOP=1', '-tAc', query], {
    encoding: 'utf8',
  }).trim();
}

const databaseUrl = (name: string) => {
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
};

async function answers(url: string) {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok;
  } catch {
    return false;
  }
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export interface ServerDatabasePortal extends Portal {
  /** Runs SQL on this portal's database; answers psql's unaligned output. */
  sql(query: string): string;
  stop(): Promise<void>;
}

/** The whole app (api, web, embedded provider) with the demo data, on a new server database. */
export async function startServerDatabasePortal(): Promise<ServerDatabasePortal> {
  const name = `pp_e2e_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  psql(SERVER_URL, `create database ${name}`);
  const port = await freePort();
  let idpPort = await freePort();
  while (idpPort === port) idpPort = await freePort();
  const folder = await mkdtemp(path.join(tmpdir(), 'pp-e2e-pg-'));
  const logFile = path.join(folder, 'server.log');
  const url = `http://localhost:${port}`;
  const issuer = `http://localhost:${idpPort}`;
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const setting of DROPPED) delete env[setting];
  Object.assign(env, {
    PORT: String(port),
    IDP_PORT: String(idpPort),
    IDP_HOST: 'localhost',
    PUBLIC_URL: url,
    DATA_DIR: path.join(folder, 'data'),
    DATABASE_URL: databaseUrl(name),
    DEMO_DATA: 'true',
    ENABLE_TEST_ENDPOINTS: 'true',
    LOG_LEVEL: 'info',
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
  });
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = createWriteStream(logFile);
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);

  const stop = async () => {
    await stopProcess(child);
    const kept = path.join(REPO_ROOT, 'test-logs');
    await mkdir(kept, { recursive: true });
    await copyFile(logFile, path.join(kept, `e2e-${path.basename(folder)}.log`)).catch(() => {});
    await rm(folder, { recursive: true, force: true });
    psql(SERVER_URL, `drop database if exists ${name} with (force)`);
  };
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  const ready = [`${url}/api/v1/Lifetime/IsAlive`, `${issuer}/.well-known/openid-configuration`];
  while (!(await Promise.all(ready.map(answers))).every(Boolean)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      const text = await readFile(logFile, 'utf8').catch(() => '');
      await stop();
      throw new Error(`the portal did not start; its log:\n${text.slice(-4_000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, issuer, sql: (query) => psql(databaseUrl(name), query), stop };
}

interface ServerDatabaseFixtures {
  /** This worker's portal on a server database (see {@link startServerDatabasePortal}). */
  databasePortal: ServerDatabasePortal;
}

/**
 * The fixtures of `fixtures.ts` on a portal with a server database: `portal` (and with it
 * `createUser`) is this worker's own. Open `portal.url` before `signIn`.
 */
export const test = base.extend<object, ServerDatabaseFixtures>({
  databasePortal: [
    // eslint-disable-next-line no-empty-pattern -- Playwright needs the object pattern
    async ({}, use) => {
      const server = await startServerDatabasePortal();
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  portal: async ({ databasePortal }, use) => {
    await use(databasePortal);
  },
});

export { expect } from './fixtures.ts';
