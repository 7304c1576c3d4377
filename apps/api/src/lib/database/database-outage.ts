import type { FastifyBaseLogger } from 'fastify';

/** Network errors of a connection to the database server. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
/**
 * PostgreSQL: connection exceptions (class 08), no connection slot free (53300, for the server, a
 * role or a database) and a server shutting down or starting (57P0x). Not the rest of class 53
 * (a full disk, out of memory or shared memory): those are no outage to wait out.
 */
const SERVER_STATES = /^(08|53300|57P0[123])/;
const POOL_MESSAGES = [
  'Connection terminated',
  // 55000 at connecting: ALTER DATABASE … ALLOW_CONNECTIONS false, while an operator works on it.
  'is not currently accepting connections',
  'Client has encountered a connection error',
  'Cannot use a pool after calling end',
];
/**
 * pg-pool's answer to a request that waited `connectionTimeoutMillis` for a connection while all
 * of them were in use: load, not an outage (a new connection that times out is "Connection
 * terminated due to connection timeout").
 */
const POOL_FULL = 'timeout exceeded when trying to connect';

/** Whether the error is a request that found every connection of the pool in use. */
export function isPoolFull(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 8; depth += 1) {
    if (current.message === POOL_FULL) return true;
    current = current.cause;
  }
  return false;
}

/** Whether an error (or one it was caused by) means the database cannot be reached right now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (isPoolFull(error)) return true;
  for (let current = error, depth = 0; current && depth < 8; depth += 1) {
    if (!(current instanceof Error)) return false;
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_STATES.test(code))) {
      return true;
    }
    if (
      POOL_MESSAGES.some((message) => current instanceof Error && current.message.includes(message))
    ) {
      return true;
    }
    current = current.cause;
  }
  return false;
}

/** Seconds a client should wait before trying again during an outage. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

/** Why the database could not serve a request: it is away, or every connection is in use. */
export type DatabaseTrouble = 'unreachable' | 'busy';

const TROUBLE_TEXT: Record<DatabaseTrouble, string> = {
  unreachable: 'database unavailable',
  busy: 'all database connections in use',
};

/**
 * One warning per outage, not one error per request: the first failure of each kind is logged,
 * the rest are counted, and the first answer that works again ends the outage with one line.
 */
export function createOutageTracker() {
  let since: number | undefined;
  let failures = 0;
  const logged = new Set<DatabaseTrouble>();
  return {
    failed(log: FastifyBaseLogger, trouble: DatabaseTrouble = 'unreachable'): void {
      failures += 1;
      since ??= Date.now();
      if (logged.has(trouble)) return;
      logged.add(trouble);
      log.warn(TROUBLE_TEXT[trouble]);
    },
    recovered(log: FastifyBaseLogger): void {
      if (since === undefined) return;
      // After a full pool only, the database was never away (probe P4): the line says so.
      log.info(
        { seconds: (Date.now() - since) / 1000, failedRequests: failures },
        logged.has('unreachable') ? 'database available again' : 'database connections free again',
      );
      since = undefined;
      failures = 0;
      logged.clear();
    },
    get active(): boolean {
      return since !== undefined;
    },
    /** Whether requests found the database away (not only busy) since the last that worked. */
    get unreachable(): boolean {
      return logged.has('unreachable');
    },
  };
}
export type OutageTracker = ReturnType<typeof createOutageTracker>;
