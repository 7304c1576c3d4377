import { performance } from 'node:perf_hooks';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { Gauge } from 'prom-client';
import { METRIC_PREFIX } from './metrics.ts';

// The database's figures for the metrics, from what drizzle's client gives: the time of each
// statement (the server's pool clients, or PGlite's instance and its transactions), and the
// pool's connections on a server. Several apps may share one database (tests, two instances in
// one process): each statement is told to every app that observes its client.

type Observer = (seconds: number) => void;
type Run = (...args: unknown[]) => unknown;

const observers = new WeakMap<object, Set<Observer>>();
const timedClients = new WeakSet<object>();

function observersOf(client: object): Set<Observer> {
  let set = observers.get(client);
  if (!set) {
    set = new Set();
    observers.set(client, set);
  }
  return set;
}

/** `run` (a `query` or `exec`), telling `listeners` how long each statement took. */
function timed(run: Run, listeners: Set<Observer>): Run {
  return function (this: unknown, ...args: unknown[]) {
    const started = performance.now();
    const done = () => {
      const seconds = (performance.now() - started) / 1000;
      for (const listener of listeners) listener(seconds);
    };
    // pg's pool passes a callback; drizzle awaits the promise.
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (...results: unknown[]) => {
        done();
        return Reflect.apply(callback, undefined, results);
      };
      return Reflect.apply(run, this, args);
    }
    const result = Reflect.apply(run, this, args);
    if (result instanceof Promise) result.then(done, done);
    return result;
  };
}

function timeMethods(target: object, names: string[], listeners: Set<Observer>): void {
  for (const name of names) {
    const run = Reflect.get(target, name) as Run;
    Reflect.set(target, name, timed(run.bind(target), listeners));
  }
}

function timePglite(client: PGlite, listeners: Set<Observer>): void {
  if (timedClients.has(client)) return;
  timedClients.add(client);
  timeMethods(client, ['query', 'exec'], listeners);
  const transaction = client.transaction.bind(client);
  client.transaction = (<T>(work: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      timeMethods(tx, ['query', 'exec'], listeners);
      return work(tx);
    })) as typeof client.transaction;
}

/** Each client the pool hands out is timed once (`pool.query` checks one out too). */
function timePool(pool: pg.Pool, listeners: Set<Observer>): void {
  if (timedClients.has(pool)) return;
  timedClients.add(pool);
  pool.on('acquire', (client) => {
    if (timedClients.has(client)) return;
    timedClients.add(client);
    timeMethods(client, ['query'], listeners);
  });
}

function poolGauges(app: FastifyInstance, pool: pg.Pool): void {
  const registers = [app.metrics.registry];
  new Gauge({
    name: `${METRIC_PREFIX}db_pool_connections`,
    help: "The database pool's open connections by state (idle, busy).",
    labelNames: ['state'] as const,
    registers,
    collect() {
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'busy' }, pool.totalCount - pool.idleCount);
    },
  });
  new Gauge({
    name: `${METRIC_PREFIX}db_pool_waiting`,
    help: 'Requests waiting for a connection of the database pool.',
    registers,
    collect() {
      this.set(pool.waitingCount);
    },
  });
  new Gauge({
    name: `${METRIC_PREFIX}db_pool_max`,
    help: 'The most connections the database pool opens.',
    registers,
    collect() {
      this.set(pool.options.max ?? 10);
    },
  });
}

/** Times the app's database statements; on a server, also its pool's connections. */
export function observeDatabase(app: FastifyInstance): void {
  const client: unknown = Reflect.get(app.db, '$client');
  const observe: Observer = (seconds) => app.metrics.queries.observe(seconds);
  if (client instanceof PGlite) {
    observersOf(client).add(observe);
    timePglite(client, observersOf(client));
  } else if (client instanceof pg.Pool) {
    observersOf(client).add(observe);
    timePool(client, observersOf(client));
    poolGauges(app, client);
  } else {
    return;
  }
  app.addHook('onClose', async () => void observersOf(client).delete(observe));
}
