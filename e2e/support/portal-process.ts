import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { copyFile, mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { REPO_ROOT } from './paths.ts';

const STARTUP_TIMEOUT_MS = 90_000;

export interface PortalProcess {
  /** SIGTERM (SIGKILL after 15 s), keeps the log for `npm run test:logs`, removes `folder`. */
  stop(): Promise<void>;
}

async function answers(url: string): Promise<boolean> {
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

/**
 * Runs `apps/api/src/main.ts` as `npm start` does, with `env`, its log in `folder` (a throw-away
 * folder it removes when stopped), and resolves once every one of `readyUrls` answers 200; a
 * start that fails throws with the end of the log.
 */
export async function startPortalProcess(
  env: NodeJS.ProcessEnv,
  folder: string,
  readyUrls: string[],
): Promise<PortalProcess> {
  const logFile = path.join(folder, 'server.log');
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

  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (!(await Promise.all(readyUrls.map(answers))).every(Boolean)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      const text = await readFile(logFile, 'utf8').catch(() => '');
      await stop();
      throw new Error(
        `the portal did not start (exit code ${child.exitCode ?? 'none'}); its log:\n${text.slice(-4_000)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { stop };
}
