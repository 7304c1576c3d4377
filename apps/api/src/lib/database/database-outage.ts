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
/** PostgreSQL: connection exceptions (class 08) and a server shutting down or starting (57P0x). */
const SERVER_STATES = /^(08|57P0[123])/;
const POOL_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Cannot use a pool after calling end',
];

/** Whether an error (or one it was caused by) means the database cannot be reached right now. */
export function isDatabaseUnavailable(error: unknown): boolean {
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

/**
 * One warning per outage, not one error per request: the first failure is logged, the rest are
 * counted, and the first answer that works again ends the outage with one line.
 */
export function createOutageTracker() {
  let since: number | undefined;
  let failures = 0;
  return {
    failed(log: FastifyBaseLogger): void {
      failures += 1;
      if (since !== undefined) return;
      since = Date.now();
      log.warn('database unavailable');
    },
    recovered(log: FastifyBaseLogger): void {
      if (since === undefined) return;
      log.info(
        { seconds: (Date.now() - since) / 1000, failedRequests: failures },
        'database available again',
      );
      since = undefined;
      failures = 0;
    },
    get active(): boolean {
      return since !== undefined;
    },
  };
}
export type OutageTracker = ReturnType<typeof createOutageTracker>;
