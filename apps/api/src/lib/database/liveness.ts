import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database, Db } from '../../db/client.ts';
import { isPoolFull } from './database-outage.ts';

const DB_TIMEOUT_MS = 2000;
/** Probes share one check of the database per second, however many arrive (issue 13). */
const CHECK_EVERY_MS = 1000;

interface Check {
  at: number;
  answered: Promise<boolean>;
}
const checks = new WeakMap<Db, Check>();

/** Whether the database answered within 2 seconds, checked at most once a second. */
export function databaseAnswers(db: Db): Promise<boolean> {
  const last = checks.get(db);
  if (last && Date.now() - last.at < CHECK_EVERY_MS) return last.answered;
  const answered = Promise.race([
    db.execute(sql`select 1`).then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), DB_TIMEOUT_MS).unref()),
  ]).catch(() => false);
  checks.set(db, { at: Date.now(), answered });
  return answered;
}

/**
 * The readiness check waits this long at most, below the probe's timeout of 2 s
 * (deploy/kubernetes/deployment.yaml), so that a database that is away reads as DOWN rather
 * than as a probe that timed out.
 */
const READY_TIMEOUT_MS = 1500;
/** On a server: its own connection's limits, each within {@link READY_TIMEOUT_MS}. */
const CONNECT_TIMEOUT_MS = 1000;
const STATEMENT_TIMEOUT_MS = 1000;

/** What one check found: an answer, a failure, or no answer yet. */
type Outcome = 'answered' | 'failed' | 'waiting';

/** Whether the database is there for this instance; one check a second, each within 1.5 s. */
export interface DatabaseReadiness {
  ready(): Promise<boolean>;
  /**
   * The rows of a short read-only statement, asked as the check asks (on a server its own
   * connection) within the same time; undefined when it failed or did not answer in time.
   */
  read(statement: string): Promise<Record<string, unknown>[] | undefined>;
  /** Closes what the check holds (a server connection of its own). */
  close(): Promise<void>;
}

/** A promise that settles with `work`, or with `waiting` after {@link READY_TIMEOUT_MS}. */
function withinTimeout(work: Promise<Outcome>): Promise<Outcome> {
  return Promise.race([
    work,
    new Promise<Outcome>((resolve) =>
      setTimeout(() => resolve('waiting'), READY_TIMEOUT_MS).unref(),
    ),
  ]);
}

/**
 * The check's connection named apart from the requests' in pg_stat_activity: `practice-portal
 * readiness`, or the name DATABASE_URL gives followed by `readiness` (probe P5: a name in the URL
 * overrode the check's own).
 */
function readinessNamed(url: string | undefined) {
  if (!url) return { application_name: 'practice-portal readiness' };
  const named = new URL(url);
  const name = named.searchParams.get('application_name') ?? 'practice-portal';
  named.searchParams.set('application_name', `${name} readiness`);
  return { connectionString: named.toString() };
}

/**
 * Whether the server refused a new connection for now while it runs: no connection slot free
 * (53300 for the server, a role or a database) or the database not accepting connections (55000,
 * `ALLOW_CONNECTIONS false`).
 */
function refusesNewConnections(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '53300' || code === '55000';
}

/**
 * Whether the requests' pool serves: a statement on it answers, or waits for a connection the
 * requests hold (load, not an outage), within {@link READY_TIMEOUT_MS}.
 */
async function poolServes(pool: pg.Pool): Promise<boolean> {
  const outcome = await withinTimeout(
    pool.query('select 1').then(
      (): Outcome => 'answered',
      (error: unknown): Outcome => (isPoolFull(error) ? 'waiting' : 'failed'),
    ),
  );
  return outcome !== 'failed';
}

/**
 * A server: `select 1` on a connection of the check's own, outside the requests' pool, so that a
 * full pool or a held lock (load, not an outage; issue 45) does not make every instance unready
 * at once. Opened when first needed and again after any failure; no answer in time is DOWN.
 */
function serverCheck(pool: pg.Pool) {
  let connection: Promise<pg.Client> | undefined;
  const drop = () => {
    const dropped = connection;
    connection = undefined;
    void dropped?.then((client) => client.end()).catch(() => undefined);
  };
  const open = async () => {
    const client = new pg.Client({
      ...pool.options,
      ...readinessNamed(pool.options.connectionString),
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      statement_timeout: STATEMENT_TIMEOUT_MS,
      query_timeout: STATEMENT_TIMEOUT_MS,
    });
    // A connection lost between checks fails the next one; it must not crash the process.
    client.on('error', () => undefined);
    try {
      await client.connect();
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    return client;
  };
  /** `statement` on the check's connection, within {@link READY_TIMEOUT_MS}. */
  const ask = async (statement: string) => {
    const used = (connection ??= open());
    let rows: Record<string, unknown>[] | undefined;
    const outcome = await withinTimeout(
      used
        .then((client) => client.query<Record<string, unknown>>(statement))
        .then(
          (result): Outcome => {
            rows = result.rows;
            return 'answered';
          },
          (): Outcome => 'failed',
        ),
    );
    if (outcome !== 'answered' && connection === used) drop();
    return outcome === 'answered' ? rows : undefined;
  };
  return {
    read: ask,
    async check(): Promise<boolean> {
      let noSlot = false;
      /** `select 1` on the check's connection; one opened earlier and lost is opened again. */
      const attempt = async (again: boolean): Promise<Outcome> => {
        const fresh = connection === undefined;
        const used = (connection ??= open());
        const outcome = await used
          .then((client) => client.query('select 1'))
          .then(
            (): Outcome => 'answered',
            (error: unknown): Outcome => {
              noSlot = refusesNewConnections(error);
              return 'failed';
            },
          );
        if (outcome === 'answered') return outcome;
        if (connection === used) drop();
        return again && !fresh ? attempt(false) : outcome;
      };
      const outcome = await withinTimeout(attempt(true));
      if (outcome === 'answered') return true;
      // No answer in time: a connection that hangs is opened again by the next check.
      if (outcome === 'waiting') drop();
      // The server answers, but has no slot for the check's new connection (a connection limit
      // reached): the requests' pool may well hold its connections and serve (probe P1).
      return noSlot && (await poolServes(pool));
    },
    close: async () => {
      const closing = connection;
      connection = undefined;
      await closing?.then((client) => client.end()).catch(() => undefined);
    },
  };
}

/**
 * The embedded database lives in this process and has one connection, which a request's
 * transaction holds while it runs: a check that waits behind the requests' statements says the
 * database is busy, not away, and is UP. A statement that fails (a closed database) is DOWN. One
 * check statement waits at a time.
 */
function embeddedCheck(db: Db) {
  let pending: Promise<Outcome> | undefined;
  return {
    async check(): Promise<boolean> {
      pending ??= db.execute(sql`select 1`).then(
        (): Outcome => 'answered',
        (): Outcome => 'failed',
      );
      const statement = pending;
      void statement.then(() => {
        if (pending === statement) pending = undefined;
      });
      return (await withinTimeout(statement)) !== 'failed';
    },
    /** Behind the requests' statements: no answer in time is none. */
    async read(statement: string) {
      let rows: Record<string, unknown>[] | undefined;
      await withinTimeout(
        db.execute(sql.raw(statement)).then(
          (result): Outcome => {
            rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
            return 'answered';
          },
          (): Outcome => 'failed',
        ),
      );
      return rows;
    },
    close: () => Promise.resolve(),
  };
}

/**
 * The check behind `/health/ready` (the management port): on a server a connection of its own,
 * on the embedded database a statement whose wait is not held against it. Checked at most once a
 * second, however many probes arrive.
 */
export function databaseReadiness(database: Database): DatabaseReadiness {
  const check =
    database.kind === 'server'
      ? serverCheck((database.db as unknown as { $client: pg.Pool }).$client)
      : embeddedCheck(database.db);
  let last: { at: number; ready: Promise<boolean>; done: boolean } | undefined;
  return {
    ready() {
      // A check still under way (1.5 s at most) is shared too: they never overlap.
      if (last && (!last.done || Date.now() - last.at < CHECK_EVERY_MS)) return last.ready;
      const current = { at: Date.now(), ready: check.check().catch(() => false), done: false };
      void current.ready.then(() => {
        current.done = true;
      });
      last = current;
      return current.ready;
    },
    read: (statement) => check.read(statement).catch(() => undefined),
    close: () => check.close(),
  };
}
