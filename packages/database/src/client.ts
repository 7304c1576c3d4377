import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { z } from 'zod';
import { dumpEmbedded } from './backup/dump.ts';
import { serveBackups } from './backup/socket.ts';
import { lockDataDir } from './data-dir-lock.ts';

/** The relational schema a database is opened with (drizzle's `schema` option). */
export type Schema = Record<string, unknown>;

/** A drizzle PostgreSQL database, on PGlite or on a server connection. */
export type Db<S extends Schema = Schema> = PgDatabase<PgQueryResultHKT, S>;

/** A transaction or the database itself: anything that runs queries. */
export type Executor<S extends Schema = Schema> =
  Parameters<Parameters<Db<S>['transaction']>[0]>[0] | Db<S>;

export interface Database<S extends Schema = Schema> {
  kind: 'embedded' | 'server';
  db: Db<S>;
  /**
   * Runs `work` while holding a PostgreSQL advisory lock, so concurrent instances take turns.
   * `work` gets the connection that holds the lock: the lock is taken, used and released on it.
   */
  withAdvisoryLock<T>(key: bigint, work: (db: Db<S>) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: 'embedded'; dataDir: string }
  | { kind: 'embedded'; pglite: PGlite }
  | { kind: 'server'; url: string; poolSize?: number };

/**
 * Told of each statement as it starts (its text, never its values); what it returns is called
 * when the statement ends, with the error if it failed. Tracing uses it (apps/api/src/telemetry).
 */
export type StatementObserver = (text: string) => ((error?: unknown) => void) | undefined;

export interface OpenOptions {
  /** Absent: statements run unobserved, with no wrapper at all. */
  observe?: StatementObserver;
}

/** Something that runs a parameterised statement: a PGlite instance or a pg client. */
interface Connection {
  query(text: string, params: unknown[]): Promise<unknown>;
}

/** How often a server connection asks again for an advisory lock another session holds. */
const LOCK_RETRY_MS = 200;

const TakenRows = z.object({ rows: z.array(z.object({ taken: z.boolean() })) });

/**
 * Takes the lock on a server connection by asking until it is free, not by waiting in
 * `pg_advisory_lock`: a session waiting there keeps its statement's snapshot, and an index built
 * CONCURRENTLY under the lock (concurrent-indexes.ts) waits for every older snapshot to end, a
 * deadlock the server ends by failing the build.
 */
async function takeLockAsking(connection: Connection, key: bigint): Promise<void> {
  for (;;) {
    const result = await connection.query('select pg_try_advisory_lock($1) as taken', [
      key.toString(),
    ]);
    if (TakenRows.parse(result).rows[0]?.taken) return;
    await new Promise((resolve) => setTimeout(resolve, LOCK_RETRY_MS));
  }
}

/** Takes the lock on `connection`, runs `work` and releases the lock on the same connection. */
async function holdingLock<T>(
  connection: Connection,
  key: bigint,
  work: () => Promise<T>,
  take: (connection: Connection, key: bigint) => Promise<unknown> = (waiting, wanted) =>
    waiting.query('select pg_advisory_lock($1)', [wanted.toString()]),
) {
  await take(connection, key);
  const unlock = () => connection.query('select pg_advisory_unlock($1)', [key.toString()]);
  let result: T;
  try {
    result = await work();
  } catch (error) {
    // The work may have left the connection unusable, so the unlock can fail on the same cause;
    // the work's failure is the one to report. A server connection is then discarded, which ends
    // its session and every lock it holds (withAdvisoryLock below). PGlite's one connection stays:
    // its only users (migrations, the demo seed) end the process when they fail.
    await unlock().catch(() => undefined);
    throw error;
  }
  await unlock();
  return result;
}

/**
 * PGlite runs each statement on the process's only thread, and statements queued for it follow
 * one another in promise callbacks without returning to the event loop: under a queue of
 * requests, timers, new connections and the load-shedding probe would wait for all of them (the
 * probe then saw no sample and shed every request, issue 13). Statements outside a transaction
 * take turns here instead, each after one turn of the event loop.
 */
const takingTurns = new WeakSet<PGlite>();

function statementsTakeTurns(client: PGlite): void {
  if (takingTurns.has(client)) return; // opened again on the same instance
  takingTurns.add(client);
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
  let last: Promise<unknown> = Promise.resolve();
  const inTurn = <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
    ((...args: A): Promise<R> => {
      const next = last.then(turn).then(() => run(...args));
      last = next.catch(() => undefined);
      return next;
    }) as (...args: A) => Promise<R>;
  client.query = inTurn(client.query.bind(client)) as typeof client.query;
  client.exec = inTurn(client.exec.bind(client)) as typeof client.exec;
}

/**
 * The types drizzle asks PGlite to hand over as text with every statement (its own mapping parses
 * them): timestamps, dates and intervals, and the arrays of these and of numerics.
 */
export const DRIZZLE_TEXT_TYPES: readonly number[] = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];

type QueryOptions = Parameters<PGlite['query']>[2];

/**
 * Drizzle passes PGlite those parsers with every statement, and PGlite copies its own 318 (one per
 * type and array type) into a new object with them for each one: 80 µs a statement, a tenth of a
 * profile save's time (issue 28, decision 0093). They become the instance's own once here, and
 * a statement that passes exactly these leaves them out. One that passes others keeps them.
 */
const parsersMerged = new WeakSet<PGlite>();

function parsersMergedOnce(client: PGlite): void {
  if (parsersMerged.has(client)) return; // opened again on the same instance
  parsersMerged.add(client);
  const asText = (value: string) => value;
  for (const type of DRIZZLE_TEXT_TYPES) client.parsers[type] = asText;
  const drizzles = (parsers: object) => {
    const keys = Object.keys(parsers);
    return (
      keys.length === DRIZZLE_TEXT_TYPES.length &&
      DRIZZLE_TEXT_TYPES.every((type) => Object.hasOwn(parsers, type))
    );
  };
  const lean = (options: QueryOptions): QueryOptions =>
    options?.parsers && drizzles(options.parsers) ? { ...options, parsers: undefined } : options;
  const query = client.query.bind(client);
  client.query = ((text: string, params?: unknown[], options?: QueryOptions) =>
    query(text, params, lean(options))) as typeof client.query;
  // A transaction's statements go to PGlite through the transaction it hands out.
  const transaction = client.transaction.bind(client);
  client.transaction = ((work: (tx: Transaction) => Promise<unknown>) =>
    transaction((tx) => {
      const txQuery = tx.query.bind(tx);
      tx.query = ((text: string, params?: unknown[], options?: QueryOptions) =>
        txQuery(text, params, lean(options))) as typeof tx.query;
      return work(tx);
    })) as typeof client.transaction;
}

/** Runs `run`, telling `observe` of the statement `text` and of its end. */
function observed<R>(observe: StatementObserver, text: unknown, run: () => Promise<R>): Promise<R> {
  const done = typeof text === 'string' ? observe(text) : undefined;
  if (!done) return run();
  let result: Promise<R>;
  try {
    result = run();
  } catch (error) {
    done(error);
    throw error;
  }
  result.then(
    () => done(),
    (error: unknown) => done(error),
  );
  return result;
}

/** PGlite's statements, inside transactions too, each told to `observe`. */
function observePglite(client: PGlite, observe: StatementObserver): void {
  const wrap = (target: Pick<PGlite, 'query' | 'exec'>) => {
    const query = target.query.bind(target);
    const exec = target.exec.bind(target);
    target.query = ((text: string, ...rest: [unknown[]?, QueryOptions?]) =>
      observed(observe, text, () => query(text, ...rest))) as typeof target.query;
    target.exec = ((text: string, options?: QueryOptions) =>
      observed(observe, text, () => exec(text, options))) as typeof target.exec;
  };
  wrap(client);
  const transaction = client.transaction.bind(client);
  client.transaction = ((work: (tx: Transaction) => Promise<unknown>) =>
    transaction((tx) => {
      wrap(tx);
      return work(tx);
    })) as typeof client.transaction;
}

/** A pg client's statements (called with a promise or, by the pool, with a callback). */
function observePgClient(client: pg.PoolClient, observe: StatementObserver): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const first = args[0];
    const text = typeof first === 'string' ? first : (first as { text?: unknown } | null)?.text;
    const done = typeof text === 'string' ? observe(text) : undefined;
    if (!done) return query(...args);
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      args[args.length - 1] = (error: unknown, ...results: unknown[]) => {
        done(error ?? undefined);
        Reflect.apply(callback, undefined, [error, ...results]);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result instanceof Promise)
      result.then(
        () => done(),
        (error: unknown) => done(error),
      );
    else done();
    return result;
  }) as typeof client.query;
}

export async function openDatabase<S extends Schema>(
  target: DatabaseTarget,
  schema: S,
  options: OpenOptions = {},
): Promise<Database<S>> {
  if (target.kind === 'embedded') {
    const folderLock = 'dataDir' in target ? lockDataDir(target.dataDir) : undefined;
    let client: PGlite;
    try {
      client = 'pglite' in target ? target.pglite : await PGlite.create(target.dataDir);
    } catch (error) {
      folderLock?.release();
      throw error;
    }
    // PGlite's start runs statements of its own through `query`: they must not queue behind ours.
    await client.waitReady;
    // Innermost: a statement is observed while it runs, not while it waits for its turn.
    if (options.observe) observePglite(client, options.observe);
    parsersMergedOnce(client);
    statementsTakeTurns(client);
    // The holder of the folder answers `npm run db:backup` (decision 0102).
    const backups =
      'dataDir' in target
        ? await serveBackups(target.dataDir, () => dumpEmbedded(client))
        : undefined;
    const db = drizzlePglite(client, { schema }) as unknown as Db<S>;
    return {
      kind: 'embedded',
      db,
      // One PGlite instance is one connection: the lock still guards against re-entry and
      // keeps the code path the same as on a server.
      withAdvisoryLock: (key, work) => holdingLock(client, key, () => work(db)),
      async close() {
        try {
          await backups?.close();
          await client.close();
        } finally {
          folderLock?.release();
        }
      },
    };
  }
  const pool = new pg.Pool({
    connectionString: target.url,
    // How an operator tells the portal's sessions in pg_stat_activity; a name the URL gives
    // (`?application_name=…`, or PGAPPNAME) comes first, as libpq's fallback does.
    fallback_application_name: 'practice-portal',
    max: target.poolSize ?? 10,
    // An unreachable server fails a request within seconds instead of holding it forever.
    connectionTimeoutMillis: 5_000,
  });
  // A client that loses its server connection must not crash the process: an idle one reports
  // to the pool, and one checked out (a transaction between two statements) to its own listener;
  // its next statement then fails and the request answers 503 (fault suite, issue 16).
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const { observe } = options;
  if (observe) pool.on('connect', (client) => observePgClient(client, observe));
  // Fail here, with the server's reason, rather than later in the first migration.
  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end();
    throw error;
  }
  const db = drizzlePg(pool, { schema }) as unknown as Db<S>;
  return {
    kind: 'server',
    db,
    async withAdvisoryLock(key, work) {
      const connection = await pool.connect();
      let failure: Error | undefined;
      try {
        const onConnection = drizzlePg(connection, { schema }) as unknown as Db<S>;
        return await holdingLock(connection, key, () => work(onConnection), takeLockAsking);
      } catch (error) {
        failure = error instanceof Error ? error : new Error(String(error));
        throw error;
      } finally {
        // A failure discards the connection: whatever the work or a failed unlock left on it
        // (a lock, an open transaction, its settings) must not reach the pool's next user.
        connection.release(failure);
      }
    },
    close: () => pool.end(),
  };
}
