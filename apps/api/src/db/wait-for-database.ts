import type { OpenOptions } from '@pp/database';
import { isDatabaseUnavailable } from '../lib/database/database-outage.ts';
import { openDatabase, type Database, type DatabaseTarget } from './client.ts';
import { MIGRATIONS_FOLDER, migrateDatabase } from './migrate.ts';

// The start (main.ts) and `npm run db:migrate` (the Kubernetes migrate Job) wait for a database
// that cannot be used for now instead of ending: a process that ends is restarted by Kubernetes
// with a back-off of up to 5 minutes (CrashLoopBackOff), long after the database is back, and the
// Job gives up after its few retries (issue 45, F4). What is wrong in the settings (a password,
// a database that does not exist, a malformed URL) still ends them at once, with its reason.

/**
 * SQLSTATEs, besides the network errors and those {@link isDatabaseUnavailable} knows, of a
 * server that refuses a new connection for now: every connection slot is taken (53300), or the
 * database does not accept connections (55000, `database … is not currently accepting
 * connections`: `ALTER DATABASE … ALLOW_CONNECTIONS false`). 55000 has other meanings once
 * connected, so it counts only while opening.
 */
const NO_CONNECTION_FREE = '53300';
const NOT_ACCEPTING = '55000';
/** lock_not_available: a migration's `lock_timeout` ran out (DEVELOPERS.md, "Database migrations"). */
const LOCK_TIMEOUT = '55P03';

/** The first pause between two attempts; it doubles up to {@link MAX_PAUSE_MS}. */
const FIRST_PAUSE_MS = 500;
const MAX_PAUSE_MS = 5_000;
/**
 * The pause after a migration's lock was not taken in time. Each attempt queues its ACCESS
 * EXCLUSIVE lock for the migration's `lock_timeout` (5 s), and the previous release's requests on
 * that table wait behind it: attempts this far apart keep those stalls to a fifth of the time
 * while a long transaction (a `pg_dump`, a report) holds the table (probe P2 of issue 45).
 */
const LOCK_PAUSE_MS = 20_000;
/** While the wait goes on, one line this often says so (not one line an attempt). */
const REMIND_MS = 60_000;

/** Tells the operator about the wait, one line at a time. */
export type Report = (line: string) => void;

/** The error and those it was caused by. */
function chainOf(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let current = error; current !== undefined && chain.length < 8;) {
    chain.push(current);
    current = current instanceof Error ? current.cause : undefined;
  }
  return chain;
}

function hasCode(error: unknown, code: string): boolean {
  return chainOf(error).some((link) => (link as { code?: unknown } | null)?.code === code);
}

/** The database's or the network's own words (the innermost cause), with their code. */
function reasonOf(error: unknown): string {
  const innermost = chainOf(error).at(-1);
  // Connecting to a name with several addresses fails with an AggregateError of each one's.
  const message =
    innermost instanceof AggregateError && !innermost.message
      ? innermost.errors.map((each: unknown) => String((each as Error).message)).join('; ')
      : innermost instanceof Error
        ? innermost.message
        : String(innermost);
  const code = (innermost as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || message.includes(code)) return message;
  return /^[0-9A-Z]{5}$/.test(code) ? `SQLSTATE ${code}: ${message}` : `${code}: ${message}`;
}

/** Why opening the database is worth trying again, or undefined when it is not. */
function whyOpeningWaits(error: unknown): string | undefined {
  if (hasCode(error, NO_CONNECTION_FREE)) return 'the server has no connection free';
  if (hasCode(error, NOT_ACCEPTING)) return 'the database accepts no connections now';
  if (isDatabaseUnavailable(error)) return 'the server cannot be reached';
  return undefined;
}

/**
 * Why the migrations are worth trying again, or undefined when they are not. They run in one
 * transaction, so a lost connection or a lock not taken in time left nothing half done.
 */
function whyMigratingWaits(error: unknown): string | undefined {
  if (hasCode(error, LOCK_TIMEOUT)) {
    return 'a migration could not take its lock in time, held by another instance or a long transaction';
  }
  if (hasCode(error, NO_CONNECTION_FREE)) return 'the server has no connection free';
  if (isDatabaseUnavailable(error)) return 'the server cannot be reached';
  return undefined;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `work` until it succeeds or fails for a reason `why` does not know. Waits between the
 * attempts with a pause growing to {@link MAX_PAUSE_MS}, and reports the wait when it begins
 * (or its reason changes), once every {@link REMIND_MS} while it lasts, and when it ends.
 */
async function patiently<T>(
  work: () => Promise<T>,
  why: (error: unknown) => string | undefined,
  report: Report,
  done: string,
): Promise<T> {
  let since: number | undefined;
  let told: { why: string; at: number } | undefined;
  let pause = FIRST_PAUSE_MS;
  const seconds = () => Math.round((Date.now() - since!) / 1000);
  for (;;) {
    try {
      const result = await work();
      if (since !== undefined) report(`Waited ${seconds()} s; ${done}.`);
      return result;
    } catch (error) {
      const reason = why(error);
      if (!reason) throw error;
      since ??= Date.now();
      if (told?.why !== reason) {
        report(
          `Waiting for the database: ${reason} (${reasonOf(error)}). ` +
            'Trying again every few seconds.',
        );
        told = { why: reason, at: Date.now() };
      } else if (Date.now() - told.at >= REMIND_MS) {
        report(
          `Still waiting for the database after ${seconds()} s: ${reason} (${reasonOf(error)}).`,
        );
        told.at = Date.now();
      }
      if (hasCode(error, LOCK_TIMEOUT)) {
        await sleep(LOCK_PAUSE_MS);
        continue;
      }
      await sleep(pause);
      pause = Math.min(pause * 2, MAX_PAUSE_MS);
    }
  }
}

/** Opens the database, waiting while the server cannot be reached or takes no connection. */
export function openDatabasePatiently(
  target: DatabaseTarget,
  report: Report,
  options?: OpenOptions,
): Promise<Database> {
  return patiently(
    () => openDatabase(target, options),
    whyOpeningWaits,
    report,
    'the database answers now',
  );
}

/**
 * Applies the pending migrations, trying them again after a lock not taken in time (another
 * instance's or a long transaction's) or a connection lost to an outage.
 */
export function migrateDatabasePatiently(
  database: Database,
  report: Report,
  migrationsFolder = MIGRATIONS_FOLDER,
): Promise<void> {
  return patiently(
    async () => {
      await migrateDatabase(database, migrationsFolder, report);
    },
    whyMigratingWaits,
    report,
    'the migrations are applied now',
  );
}
