import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.ts';
import { REPO_ROOT } from './paths.ts';

export interface PortalServer {
  /** Where the browser opens the portal, e.g. `http://localhost:41234`. */
  url: string;
  /** The embedded provider's issuer (its origin). */
  issuer: string;
  stop(): Promise<void>;
}

export interface PortalServerOptions {
  /**
   * The host the browser reaches the provider under. `127.0.0.1` puts it on another site than
   * the portal (`localhost`), where a hidden frame cannot see the provider's session cookie.
   */
  providerHost?: 'localhost' | '127.0.0.1';
}

// Settings of the developer's shell that would point the app elsewhere.
const INHERITED_SETTINGS_DROPPED = [
  'DATABASE_URL',
  'OIDC_ISSUER',
  'OIDC_CLIENT_ID',
  'OIDC_AUDIENCE',
  'SMTP_URL',
  'REDIS_URL',
  'TRUST_PROXY',
  'NODE_ENV',
];

const STARTUP_TIMEOUT_MS = 90_000;

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    return response.ok;
  } catch {
    return false;
  }
}

async function waitUntilReady(child: ChildProcess, urls: string[], logFile: string) {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    if ((await Promise.all(urls.map(answers))).every(Boolean)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const log = await readFile(logFile, 'utf8').catch(() => '');
  throw new Error(
    `the portal did not start (exit code ${child.exitCode ?? 'none'}); its log:\n${log.slice(-4_000)}`,
  );
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

/**
 * The whole app as `npm start` runs it (api, web, embedded provider) on free ports, with a
 * throw-away data folder, the demo data and the test endpoints.
 */
export async function startPortalServer(options: PortalServerOptions = {}): Promise<PortalServer> {
  const port = await freePort();
  let idpPort = await freePort();
  while (idpPort === port) idpPort = await freePort();
  const folder = await mkdtemp(path.join(tmpdir(), 'pp-e2e-'));
  const logFile = path.join(folder, 'server.log');
  const url = `http://localhost:${port}`;
  const issuer = `http://${options.providerHost ?? 'localhost'}:${idpPort}`;

  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of INHERITED_SETTINGS_DROPPED) delete env[name];
  Object.assign(env, {
    PORT: String(port),
    IDP_PORT: String(idpPort),
    IDP_HOST: options.providerHost ?? 'localhost',
    PUBLIC_URL: url,
    DATA_DIR: path.join(folder, 'data'),
    DEMO_DATA: 'true',
    ENABLE_TEST_ENDPOINTS: 'true',
    LOG_LEVEL: 'info',
    // Two browsers and the embedded database share two cores: a busy second is no overload here.
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
    // Kept for the scan of every test log after the run (`npm run test:logs`).
    const kept = path.join(REPO_ROOT, 'test-logs');
    await mkdir(kept, { recursive: true });
    await copyFile(logFile, path.join(kept, `e2e-${path.basename(folder)}.log`)).catch(() => {});
    await rm(folder, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(
      child,
      [`${url}/api/v1/Lifetime/IsAlive`, `${issuer}/.well-known/openid-configuration`],
      logFile,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, issuer, stop };
}
