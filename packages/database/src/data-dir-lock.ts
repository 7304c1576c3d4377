import {
  chmodSync,
  linkSync,
  mkdirSync,
  readFileSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

/** Name of the lock file inside DATA_DIR. */
export const LOCK_FILE_NAME = 'portal.lock';

const HolderSchema = z.object({ pid: z.number().int(), host: z.string(), since: z.string() });
type Holder = z.infer<typeof HolderSchema>;

export class DataDirLockedError extends Error {
  constructor(dataDir: string, file: string, holder: Holder | 'in this process' | undefined) {
    const who =
      typeof holder === 'object'
        ? `by process ${holder.pid} on ${holder.host}, since ${holder.since}`
        : (holder ?? 'by another process');
    super(
      `The data folder ${dataDir} is already in use (${who}). Two processes must never open the ` +
        `same embedded database: stop the other one or set DATA_DIR to another folder. If it is ` +
        `not running any more, delete ${file}.`,
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  release(): void;
}

/** Folders locked by this process: a second open in the same process is refused too. */
const lockedHere = new Set<string>();

function removeQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(file: string): { raw: string; holder: Holder | undefined } | undefined {
  let raw: string;
  try {
    raw = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  try {
    const parsed = HolderSchema.safeParse(JSON.parse(raw));
    return { raw, holder: parsed.success ? parsed.data : undefined };
  } catch {
    return { raw, holder: undefined };
  }
}

/**
 * Closes the data folder to other users: PGlite writes the database's files (its write-ahead log
 * with addresses and password hashes among them) readable by everyone, so the folder is what
 * keeps them out. A folder its owner may not change (a volume's root owned by another) is left as
 * it is: whoever set it up decides who may enter it.
 */
function keepPrivate(folder: string): void {
  try {
    const mode = statSync(folder).mode & 0o777;
    if (mode & 0o077) chmodSync(folder, mode & 0o700);
  } catch {
    // not ours to change
  }
}

/** A lock left by a process that is gone (or by an earlier run with our pid, as in a container). */
function isStale(holder: Holder): boolean {
  if (holder.host !== os.hostname()) return false; // cannot tell from here: treat as taken
  return holder.pid === process.pid || !isRunning(holder.pid);
}

/**
 * Takes the lock file of an embedded data folder: PGlite would corrupt a folder two processes
 * open at once. The file holds the owner's pid; a lock of a dead process is taken over.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  const folder = path.resolve(dataDir);
  const file = path.join(folder, LOCK_FILE_NAME);
  if (lockedHere.has(folder)) throw new DataDirLockedError(folder, file, 'in this process');
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  keepPrivate(folder);
  const content = JSON.stringify({
    pid: process.pid,
    host: os.hostname(),
    since: new Date().toISOString(),
  } satisfies Holder);

  // Written beside the lock, then hard-linked into place: the lock appears complete or not at all.
  const draft = `${file}.${process.pid}.tmp`;
  writeFileSync(draft, content);
  try {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      try {
        linkSync(draft, file);
        lockedHere.add(folder);
        const release = () => {
          process.removeListener('exit', release);
          lockedHere.delete(folder);
          if (readHolder(file)?.raw === content) removeQuietly(file);
        };
        process.once('exit', release);
        return { release };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const current = readHolder(file);
      if (!current) continue; // released meanwhile
      if (current.holder && !isStale(current.holder)) {
        throw new DataDirLockedError(folder, file, current.holder);
      }
      // Stale or unreadable: remove it unless someone replaced it since we read it.
      if (readHolder(file)?.raw === current.raw) removeQuietly(file);
    }
    throw new DataDirLockedError(folder, file, readHolder(file)?.holder);
  } finally {
    removeQuietly(draft);
  }
}
