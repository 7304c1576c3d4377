import type { FastifyPluginCallback } from 'fastify';
import type { Tracer } from '@opentelemetry/api';
import type { StatementObserver } from '@pp/database';

/** Tracing while it runs: what the app, the database and the mail workers hook into. */
export interface Telemetry {
  tracer: Tracer;
  /**
   * `@fastify/otel`: one span per call, named by its route; continues an incoming traceparent
   * when a trusted proxy (`TRUST_PROXY`) sent the request.
   */
  requestSpans: FastifyPluginCallback;
  /** A span per database statement of a traced piece of work. */
  observeStatements: StatementObserver;
  /** Exports the spans that ended and are still buffered. */
  flush(): Promise<void>;
  /** Flushes, then unregisters everything it registered. */
  shutdown(): Promise<void>;
}

/** Where spans go: `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` as given, or the base endpoint's path. */
export function tracesEndpoint(env: NodeJS.ProcessEnv): string | undefined {
  const traces = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim();
  if (traces) return traces;
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  return base ? `${base.replace(/\/+$/, '')}/v1/traces` : undefined;
}

/**
 * Starts OpenTelemetry tracing when an OTLP endpoint is set (docs/operations.md, "Traces");
 * without one nothing is loaded or registered and the portal runs as before. Its SDK reads the
 * other standard settings itself (sampler, headers, timeouts, resource attributes).
 */
export async function startTelemetry(env: NodeJS.ProcessEnv): Promise<Telemetry | undefined> {
  const endpoint = tracesEndpoint(env);
  if (!endpoint) return undefined;
  const { startSdk } = await import('./sdk.ts');
  return startSdk(env, endpoint);
}
