import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== 'object' || address === null) throw new Error('no free port');
  return address.port;
}

export interface ApiProcess {
  port: number;
  child: ChildProcess;
  output(): string;
  /** Resolves with the exit code (or signal) once the process has ended. */
  exited: Promise<number | NodeJS.Signals>;
  /** Polls `Lifetime/IsAlive` until it answers 200; fails early when the process ends. */
  waitUntilAlive(timeoutMs?: number): Promise<void>;
  /** SIGTERM, then waits for the end. */
  stop(): Promise<number | NodeJS.Signals>;
}

/**
 * Starts `node --import tsx apps/api/src/main.ts` as `npm start` does, with only the given
 * settings on top of a clean environment (no database or provider settings of the test run).
 */
export async function startApi(env: Record<string, string>): Promise<ApiProcess> {
  const port = Number(env['PORT'] ?? (await freePort()));
  const inherited = Object.fromEntries(
    ['PATH', 'HOME', 'TMPDIR', 'LANG'].flatMap((k) =>
      process.env[k] ? [[k, process.env[k]]] : [],
    ),
  );
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: REPO_ROOT,
    env: {
      ...inherited,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      IDP_PORT: String(await freePort()),
      MANAGEMENT_PORT: String(await freePort()),
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | NodeJS.Signals>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'SIGKILL')),
  );
  let ended = false;
  void exited.then(() => (ended = true));

  return {
    port,
    child,
    output: () => output,
    exited,
    async waitUntilAlive(timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (ended) throw new Error(`the api ended before it answered:\n${output}`);
        const status = await fetch(`http://localhost:${port}/api/v1/Lifetime/IsAlive`)
          .then((response) => response.status)
          .catch(() => 0);
        if (status === 200) return;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      throw new Error(`IsAlive did not answer 200 within ${timeoutMs} ms:\n${output}`);
    },
    async stop() {
      if (!ended) child.kill('SIGTERM');
      return exited;
    },
  };
}
