import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, statSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOCK_FILE_NAME, lockDataDir } from '../src/data-dir-lock.ts';

const holder = (pid: number) =>
  JSON.stringify({ pid, host: os.hostname(), since: '2026-11-01T08:00:00.000Z' });

/** The pid of a process that has ended. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

describe('the data folder lock', () => {
  let dataDir: string;
  let lockFile: string;
  let sleeper: ChildProcess | undefined;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'pp-lock-'));
    lockFile = path.join(dataDir, LOCK_FILE_NAME);
  });
  afterEach(async () => rm(dataDir, { recursive: true, force: true }));
  afterAll(() => sleeper?.kill());

  it('refuses a second open of a folder in use, and allows it after release', () => {
    const lock = lockDataDir(dataDir);
    expect(() => lockDataDir(dataDir)).toThrow(/is already in use \(in this process\)/);
    lock.release();
    expect(existsSync(lockFile)).toBe(false);
    lockDataDir(dataDir).release();
  });

  it('records the owner, and refuses while that process runs', async () => {
    sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)']);
    await writeFile(lockFile, holder(sleeper.pid!));
    expect(() => lockDataDir(dataDir)).toThrow(
      new RegExp(
        `by process ${sleeper.pid} on .*stop the other one or set DATA_DIR.*${LOCK_FILE_NAME}`,
      ),
    );
    sleeper.kill();
  });

  it('takes over the lock of a process that has ended', async () => {
    await writeFile(lockFile, holder(await deadPid()));
    const lock = lockDataDir(dataDir);
    expect(JSON.parse(await readFile(lockFile, 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
  });

  it('takes over an unreadable lock file', async () => {
    await writeFile(lockFile, 'not json');
    lockDataDir(dataDir).release();
  });

  it('creates the folder when it does not exist', () => {
    const nested = path.join(dataDir, 'new', 'data');
    lockDataDir(nested).release();
    expect(existsSync(nested)).toBe(true);
  });

  // The folder holds the database's files, its write-ahead log among them (addresses, password
  // hashes), which PGlite writes readable by everyone: only the folder keeps others out.
  it('creates the folder readable by its owner only', () => {
    const nested = path.join(dataDir, 'private', 'data');
    lockDataDir(nested).release();
    expect(statSync(nested).mode & 0o777).toBe(0o700);
  });

  it('closes an existing folder to other users', () => {
    chmodSync(dataDir, 0o755);
    lockDataDir(dataDir).release();
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
  });
});
