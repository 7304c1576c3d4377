// The measuring of the benchmark (run.ts): its processes, waiting for them, and autocannon's
// lines with their requests per second, p50 and p99.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '@pp/testing';

export const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 5);
export const CONNECTIONS = 10;
const REPO = path.resolve(import.meta.dirname, '../..');

/** `BENCH_CPU_PROFILES=/tmp/prof`: each portal and reference writes a CPU profile there on exit. */
const CPU_PROFILES = process.env['BENCH_CPU_PROFILES'];

/**
 * Starts `script` with the caller's environment and `env` over it; a setting `env` gives as
 * undefined is left out (the embedded portal must not inherit the caller's DATABASE_URL).
 * `cpus` (Linux): the process runs on these cores only, e.g. `0` or `0,1` (`taskset -c`).
 */
export function startProcess(
  script: string,
  env: Record<string, string | undefined>,
  cpus?: string,
): ChildProcess {
  const profile = CPU_PROFILES ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROFILES}`] : [];
  const node = [process.execPath, ...profile, '--import', 'tsx', script];
  // taskset runs node in its own place: the child's pid is the portal's.
  const [command, ...args] = cpus === undefined ? node : ['taskset', '-c', cpus, ...node];
  return spawn(command!, args, {
    cwd: REPO,
    env: Object.fromEntries(
      Object.entries({ ...process.env, ...env }).filter(([, value]) => value !== undefined),
    ),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/**
 * The settings of a portal the benchmark starts on `port` (PORT is the caller's): production,
 * no demo data, the issuer of `oidc` (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_AUDIENCE).
 */
export async function portalSettings(
  oidc: Record<string, string>,
  port: number,
): Promise<Record<string, string>> {
  return {
    ...oidc,
    NODE_ENV: 'production',
    DEMO_DATA: 'false',
    LOG_LEVEL: 'info',
    NEWSLETTER_LINK_KEY: randomBytes(32).toString('base64url'),
    MANAGEMENT_PORT: String(await freePort()),
    PUBLIC_URL: `http://localhost:${port}`,
  };
}

export async function waitFor(url: string) {
  for (let i = 0; i < 600; i += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not come up`);
}

/** One request of a line that varies them: its path, and optionally its caller, method and body. */
export interface NextRequest {
  path: string;
  authorization?: string;
  method?: 'GET' | 'PATCH' | 'POST';
  body?: unknown;
}

export interface Measurement {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  /** The statuses of the answers that were not 2xx, e.g. `503×120`. */
  failures: string;
}

/** Answers that were not 2xx, over the whole run. */
export const answers = { failed: 0 };

/**
 * `next`, when given, names each request's path (on `url`'s host) and, optionally, its
 * authorization: a list read with another page, or by another person, every time.
 */
export async function measure(
  url: string,
  authorization?: string,
  next?: () => NextRequest,
  connections = CONNECTIONS,
): Promise<Measurement> {
  const result = await autocannon({
    url,
    connections,
    duration: SECONDS,
    headers: authorization ? { authorization } : {},
    ...(next
      ? {
          requests: [
            {
              setupRequest: (request) => {
                const { path, authorization: as = authorization, method, body } = next();
                const headers: Record<string, string> = as ? { authorization: as } : {};
                if (body === undefined) return { ...request, path, headers };
                headers['content-type'] = 'application/json';
                return { ...request, path, method, headers, body: JSON.stringify(body) };
              },
            },
          ],
        }
      : {}),
  });
  answers.failed += result.non2xx + result.errors + result.timeouts;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx + result.errors + result.timeouts,
    failures: Object.entries(result.statusCodeStats ?? {})
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, { count }]) => `${code}×${count}`)
      .join(' '),
  };
}
