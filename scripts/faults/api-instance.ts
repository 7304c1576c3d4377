import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@pp/testing';
import { endAtExit, sleep } from './processes.ts';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface ApiInstance {
  name: string;
  port: number;
  /** Starts the process (again) on the same port; resolves once IsAlive answers 200. */
  start(): Promise<void>;
  /** `kill -9`: no shutdown, no cleanup. */
  kill(): Promise<void>;
  /** SIGTERM; resolves with the exit code and how long the shutdown took. */
  terminate(): Promise<{ code: number | string; ms: number }>;
  running(): boolean;
  /** What the process wrote (its logs), across restarts. */
  output(): string;
}

/**
 * `npm run serve` with the given settings on top of a clean environment, logging to `logFile`;
 * of the checkout at `root` (another version's, for the upgrade test), by default this one.
 */
export function apiInstance(
  name: string,
  port: number,
  env: Record<string, string>,
  logFile: string,
  root: string = REPO_ROOT,
): ApiInstance {
  const main = path.join(root, 'apps/api/src/main.ts');
  const log = createWriteStream(logFile, { flags: 'a' });
  let output = '';
  let child: ChildProcess | undefined;
  let exited: Promise<number | string> = Promise.resolve(0);
  // The same management port on every start, as the same public port.
  let managementPort: number | undefined;
  const inherited = Object.fromEntries(
    ['PATH', 'HOME', 'TMPDIR', 'LANG'].flatMap((k) =>
      process.env[k] ? [[k, process.env[k]]] : [],
    ),
  );
  const alive = () =>
    fetch(`http://127.0.0.1:${port}/api/v1/Lifetime/IsAlive`, { signal: AbortSignal.timeout(3000) })
      .then((response) => response.status === 200)
      .catch(() => false);

  return {
    name,
    port,
    async start() {
      managementPort ??= await freePort();
      const current = spawn(process.execPath, ['--import', 'tsx', main], {
        cwd: root,
        env: {
          ...inherited,
          NODE_ENV: 'test',
          LOG_LEVEL: 'info',
          MANAGEMENT_PORT: String(managementPort),
          ...env,
          PORT: String(port),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = current;
      const forget = endAtExit(() => current.kill('SIGKILL'));
      current.once('exit', forget);
      const keep = (chunk: Buffer) => {
        output += chunk.toString();
        log.write(chunk);
      };
      current.stdout?.on('data', keep);
      current.stderr?.on('data', keep);
      exited = new Promise((resolve) =>
        current.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
      );
      const deadline = Date.now() + 90_000;
      while (Date.now() < deadline) {
        if (current.exitCode !== null || current.signalCode !== null) break;
        if (await alive()) return;
        await sleep(200);
      }
      throw new Error(`api ${name} did not come up:\n${output.slice(-4000)}`);
    },
    async kill() {
      child?.kill('SIGKILL');
      await exited;
    },
    async terminate() {
      const started = Date.now();
      child?.kill('SIGTERM');
      const code = await exited;
      return { code, ms: Date.now() - started };
    },
    running: () => !!child && child.exitCode === null && child.signalCode === null,
    output: () => output,
  };
}
