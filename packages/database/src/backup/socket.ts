import { chmod, rm } from 'node:fs/promises';
import { createConnection, createServer, type Server } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/**
 * The socket in DATA_DIR on which the process that has the embedded database open answers
 * backups (decision 0102): only who may read the folder may connect.
 */
export const BACKUP_SOCKET_NAME = 'backup.sock';

/** The longest path of a Unix socket on Linux (`sun_path`, 108 bytes with its terminating 0). */
const MAX_SOCKET_PATH_BYTES = 107;

/** The first line of an answer; the dump follows it. */
const HeaderSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), bytes: z.number().int().nonnegative() }),
  z.object({ ok: z.literal(false), error: z.string() }),
]);

export function backupSocketOf(dataDir: string): string {
  return path.join(path.resolve(dataDir), BACKUP_SOCKET_NAME);
}

/** Whether the socket's path fits; a longer DATA_DIR is backed up with the portal stopped. */
export function backupSocketFits(dataDir: string): boolean {
  return Buffer.byteLength(backupSocketOf(dataDir)) <= MAX_SOCKET_PATH_BYTES;
}

export interface BackupServer {
  close(): Promise<void>;
}

/**
 * Answers each connection with one dump. Called by the holder of the folder's lock only, so a
 * socket file left by a process that was killed is removed first. Undefined: not served (the
 * path is too long, or the folder cannot hold a socket).
 */
export async function serveBackups(
  dataDir: string,
  dump: () => Promise<string>,
): Promise<BackupServer | undefined> {
  if (!backupSocketFits(dataDir)) return undefined;
  const socketPath = backupSocketOf(dataDir);
  await rm(socketPath, { force: true });
  const server: Server = createServer((connection) => {
    connection.on('error', () => undefined); // a client that went away
    dump().then(
      (sql) => {
        const header = { ok: true, bytes: Buffer.byteLength(sql) };
        connection.end(`${JSON.stringify(header)}\n${sql}`);
      },
      (error: unknown) => {
        const header = { ok: false, error: error instanceof Error ? error.message : String(error) };
        connection.end(`${JSON.stringify(header)}\n`);
      },
    );
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, () => {
        server.off('error', reject);
        resolve();
      });
    });
    await chmod(socketPath, 0o600);
  } catch {
    // A folder that holds no sockets (some network file systems): the portal runs all the same,
    // and `npm run db:backup` says that it cannot reach it.
    server.close();
    return undefined;
  }
  // It never keeps a process alive by itself.
  server.unref();
  return {
    close: () =>
      new Promise<void>((resolve) => {
        // `close` also removes the socket file.
        server.close(() => resolve());
      }),
  };
}

export class BackupNotServedError extends Error {
  constructor(socketPath: string, cause: unknown) {
    super(`No process answers backups on ${socketPath}.`, { cause });
    this.name = 'BackupNotServedError';
  }
}

/**
 * Asks the process that has `dataDir` open for a dump. Throws {@link BackupNotServedError} when
 * none answers (the portal is stopped), and an error with the dump's failure otherwise.
 */
export async function requestBackup(dataDir: string): Promise<string> {
  const socketPath = backupSocketOf(dataDir);
  const chunks: Buffer[] = [];
  await new Promise<void>((resolve, reject) => {
    const connection = createConnection(socketPath);
    let connected = false;
    connection.on('connect', () => (connected = true));
    connection.on('data', (chunk: Buffer) => chunks.push(chunk));
    connection.on('end', resolve);
    connection.on('error', (error) =>
      reject(connected ? error : new BackupNotServedError(socketPath, error)),
    );
  });
  const answer = Buffer.concat(chunks);
  const newline = answer.indexOf(0x0a);
  const parsed = HeaderSchema.safeParse(parseJson(answer.subarray(0, Math.max(newline, 0))));
  if (newline < 0 || !parsed.success) {
    throw new Error(`The backup's answer on ${socketPath} was cut off.`);
  }
  const header = parsed.data;
  if (!header.ok) throw new Error(`The portal could not take the backup: ${header.error}`);
  const sql = answer.subarray(newline + 1);
  if (sql.length !== header.bytes) {
    throw new Error(`The backup's answer on ${socketPath} was cut off.`);
  }
  return sql.toString('utf8');
}

function parseJson(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
}
