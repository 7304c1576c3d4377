import { execFile, execFileSync } from 'node:child_process';
import { chown } from 'node:fs/promises';

const asRoot = process.getuid?.() === 0;

/** Runs a command and resolves with its output; the error names the command and its output. */
export function run(command: string, args: string[], timeoutMs = 60_000): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { timeout: timeoutMs }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${command} ${args.join(' ')} failed:\n${stdout}${stderr}`));
      else resolve(`${stdout}${stderr}`);
    });
  });
}

/** PostgreSQL refuses to run as root: as root, its tools run as the `postgres` user. */
export function runAsPostgres(command: string, args: string[], timeoutMs?: number) {
  return asRoot
    ? run('runuser', ['-u', 'postgres', '--', command, ...args], timeoutMs)
    : run(command, args, timeoutMs);
}

/** Hands a folder to the `postgres` user when we are root. */
export async function giveToPostgres(folder: string): Promise<void> {
  if (!asRoot) return;
  const [uid, gid] = (await run('id', ['-u', 'postgres']).then(async (u) => [
    u.trim(),
    (await run('id', ['-g', 'postgres'])).trim(),
  ])) as [string, string];
  await chown(folder, Number(uid), Number(gid));
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it answers true; resolves with the milliseconds it took, or throws. */
export async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs: number,
  everyMs = 100,
): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check().catch(() => false)) return Date.now() - started;
    await sleep(everyMs);
  }
  throw new Error(`${what}: not within ${timeoutMs} ms`);
}

const leftovers = new Set<() => void>();
process.once('exit', () => leftovers.forEach((end) => end()));

/**
 * Ends what the suite started even when it stops early: `end` runs synchronously at exit unless
 * the returned function is called first (after an orderly stop).
 */
export function endAtExit(end: () => void): () => void {
  leftovers.add(end);
  return () => leftovers.delete(end);
}

/** `runAsPostgres` for the exit handler, which cannot wait for a promise. */
export function runAsPostgresNow(command: string, args: string[]): void {
  try {
    if (asRoot)
      execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'ignore' });
    else execFileSync(command, args, { stdio: 'ignore' });
  } catch {
    // already stopped
  }
}
