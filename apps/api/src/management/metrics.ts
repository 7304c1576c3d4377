import { Counter, Histogram, Registry } from 'prom-client';
import type { SignInEvents } from '@pp/idp';

// The portal's own metrics (docs/operations.md, "Management port"), in one registry per portal:
// what requests, sign-ins and refusals move. The figures a scrape reads from the database are
// added by `figures.ts`, the database's by `database-metrics.ts`. No label ever holds personal
// data: calls are route patterns, methods and reasons come from fixed lists.

declare module 'fastify' {
  interface FastifyInstance {
    /** The portal's metrics, served on the management port (`GET /metrics`). */
    metrics: PortalMetrics;
  }
}

export const METRIC_PREFIX = 'practice_portal_';

/** Seconds; from a cached answer to a slow export. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];

export interface PortalMetrics {
  registry: Registry;
  /** Requests by method, call (the route's pattern, `none` when no route matched) and status. */
  httpRequests: Histogram<'method' | 'call' | 'status'>;
  /** Statements of the database, from the app's side (waiting for the connection excluded). */
  queries: Histogram;
  /** Sign-ins at the embedded provider by method (the history's names) and outcome. */
  signIns: Counter<'method' | 'outcome'>;
  /** Refused proofs of a second factor: `totp`, `recovery` or `passkey`. */
  secondFactorFailures: Counter<'method'>;
  /** Requests refused by a rate limit: which limit (`address`, `account` …) and the call. */
  rateLimitRefusals: Counter<'limit' | 'call'>;
  /** Requests shed under pressure (`eventLoopDelay`, `heapUsedBytes` …). */
  loadShed: Counter<'reason'>;
}

export function createPortalMetrics(): PortalMetrics {
  const registry = new Registry();
  const registers = [registry];
  return {
    registry,
    httpRequests: new Histogram({
      name: `${METRIC_PREFIX}http_server_requests_seconds`,
      help: 'Requests to the public port by method, call (route pattern) and status, with their latency.',
      labelNames: ['method', 'call', 'status'] as const,
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    queries: new Histogram({
      name: `${METRIC_PREFIX}db_query_duration_seconds`,
      help: 'Latency of database statements as the portal sees them.',
      buckets: QUERY_BUCKETS,
      registers,
    }),
    signIns: new Counter({
      name: `${METRIC_PREFIX}sign_ins_total`,
      help: 'Sign-ins at the embedded provider by method and outcome (success, failure).',
      labelNames: ['method', 'outcome'] as const,
      registers,
    }),
    secondFactorFailures: new Counter({
      name: `${METRIC_PREFIX}second_factor_failures_total`,
      help: 'Refused proofs of a second factor by method (totp, recovery, passkey).',
      labelNames: ['method'] as const,
      registers,
    }),
    rateLimitRefusals: new Counter({
      name: `${METRIC_PREFIX}rate_limit_refusals_total`,
      help: 'Requests refused by a rate limit, by limit and call.',
      labelNames: ['limit', 'call'] as const,
      registers,
    }),
    loadShed: new Counter({
      name: `${METRIC_PREFIX}load_shed_total`,
      help: 'Requests shed with 503 while the process was under pressure, by reason.',
      labelNames: ['reason'] as const,
      registers,
    }),
  };
}

/** A request's call as a label: its route pattern, never the URL a client sent. */
export function callOf(request: { routeOptions: { url?: string | undefined } }): string {
  return request.routeOptions.url ?? 'none';
}

/** The embedded provider's sign-ins and refused second factors, counted in `metrics`. */
export function signInEventsOf(metrics: PortalMetrics): SignInEvents {
  return {
    signIn: (method, outcome) => metrics.signIns.inc({ method, outcome }),
    secondFactorRefused: (method) => metrics.secondFactorFailures.inc({ method }),
  };
}
