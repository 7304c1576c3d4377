import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createConnection, createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, it } from 'vitest';

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const MAIN = 'apps/api/src/main.ts';
/** How long a refused start may take before the test gives up on it (a busy CI machine). */
const START_LIMIT_MS = 120_000;
const EXTERNAL_PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://portal.example.com',
  NEWSLETTER_LINK_KEY: 'test-newsletter-link-key-0123456789abcdef',
  OIDC_ISSUER: 'https://login.example.com',
  OIDC_CLIENT_ID: 'portal-web',
  OIDC_AUDIENCE: 'https://portal.example.com/api',
};

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Whether anything accepts connections on this loopback port. */
function listening(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Whether the port was taken at any moment while the process ran. */
  listened: boolean;
}

/** `npm run serve` as a newcomer starts it, with only the given variables set. */
function startPortal(env: Record<string, string>, port: number, host = '127.0.0.1'): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      cwd: REPO_ROOT,
      env: { PATH: process.env['PATH'] ?? '', HOME: os.homedir(), PORT: String(port), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let listened = false;
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const probe = setInterval(() => {
      void listening(port, host).then((up) => (listened ||= up));
    }, 100);
    // Each process transpiles the api at start (tsx): four at once on a CI machine busy with the
    // other test files took more than 30 s once. The test is about the refusal, not its speed.
    const timeout = setTimeout(() => child.kill('SIGKILL'), START_LIMIT_MS);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearInterval(probe);
      clearTimeout(timeout);
      void listening(port, host).then((up) =>
        resolve({ code, stdout, stderr, listened: listened || up }),
      );
    });
  });
}

describe.concurrent(
  'the process refuses a production configuration with development features',
  { timeout: START_LIMIT_MS + 30_000 },
  () => {
    let dataRoot: string;
    beforeAll(async () => {
      dataRoot = await mkdtemp(path.join(os.tmpdir(), 'pp-refuse-'));
    });
    afterAll(async () => {
      await rm(dataRoot, { recursive: true, force: true });
    });

    it.for([
      {
        name: 'demo data',
        env: () => ({ ...EXTERNAL_PRODUCTION, DEMO_DATA: 'true' }),
        message: /refuses DEMO_DATA/,
      },
      {
        name: 'test endpoints',
        env: () => ({ ...EXTERNAL_PRODUCTION, ENABLE_TEST_ENDPOINTS: 'true' }),
        message: /refuses ENABLE_TEST_ENDPOINTS/,
      },
      {
        name: 'the mailbox (embedded provider, loopback PUBLIC_URL)',
        env: (port: number) => ({ NODE_ENV: 'production', PUBLIC_URL: `http://127.0.0.2:${port}` }),
        host: '127.0.0.2',
        message: /refuses the development mailbox/,
      },
      {
        name: 'an invalid PORT',
        env: () => ({ NODE_ENV: 'production', PORT: '70000' }),
        message: /PORT must be a port number/,
      },
    ])(
      '$name: exits non-zero with a clear message, never listens, touches no data',
      async (row, { expect }) => {
        const dataDir = path.join(dataRoot, row.name.replace(/\W+/g, '-'));
        const port = await freePort();
        const run = await startPortal({ DATA_DIR: dataDir, ...row.env(port) }, port, row.host);

        expect(run.code).not.toBe(0);
        expect(run.code).not.toBeNull();
        expect(run.stderr).toContain('Practice Portal could not start.');
        expect(run.stderr).toContain('Invalid configuration');
        expect(run.stderr).toMatch(row.message);
        expect(run.stdout).not.toMatch(/is running/);
        expect(run.listened).toBe(false);
        await expect(readdir(dataDir)).rejects.toMatchObject({ code: 'ENOENT' });
      },
    );
  },
);
