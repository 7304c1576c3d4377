import { FastifyOtelInstrumentation } from '@fastify/otel';
import type { FastifyPluginCallback } from 'fastify';
import { context, diag, propagation, trace } from '@opentelemetry/api';
import { OTLPTraceExporter as JsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as ProtobufExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import {
  defaultResource,
  detectResources,
  envDetector,
  resourceFromAttributes,
} from '@opentelemetry/resources';
import { BatchSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import { startDiagnostics } from './diagnostics.ts';
import type { Telemetry } from './index.ts';
import { crmRequestAttributes, requestSpanNamed, Redaction } from './redaction.ts';
import { statementSpans } from './statement-spans.ts';
import { untrustedTraceContextDropped } from './trusted-proxy.ts';

const SERVICE_NAME = 'practice-portal';
const PROTOCOLS = ['http/protobuf', 'http/json'];

/** OTLP over HTTP, protobuf (the specification's default) or JSON; gRPC is not offered. */
function exporterFor(env: NodeJS.ProcessEnv, url: string): SpanExporter {
  const protocol =
    env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL?.trim() ||
    env.OTEL_EXPORTER_OTLP_PROTOCOL?.trim() ||
    'http/protobuf';
  if (!PROTOCOLS.includes(protocol)) {
    throw new Error(
      `OTEL_EXPORTER_OTLP_PROTOCOL=${protocol} is not supported: use ${PROTOCOLS.join(' or ')}.`,
    );
  }
  // The SDK reads the timeout from the process's environment; `env` may name it too (tests).
  const timeout = Number(
    env.OTEL_EXPORTER_OTLP_TRACES_TIMEOUT?.trim() || env.OTEL_EXPORTER_OTLP_TIMEOUT?.trim(),
  );
  const options = { url, ...(timeout > 0 ? { timeoutMillis: timeout } : {}) };
  return protocol === 'http/json' ? new JsonExporter(options) : new ProtobufExporter(options);
}

/** Spans that could not be sent on a flush or at shutdown are told, not thrown. */
const told = (what: string) => (error: unknown) =>
  diag.error(`spans could not be exported (${what}): ${(error as Error)?.message ?? error}`);

/** The SDK for traces only: a provider, the W3C propagator, and the two instrumentations. */
export function startSdk(env: NodeJS.ProcessEnv, endpoint: string): Telemetry {
  const exporter = exporterFor(env, endpoint);
  // First: what goes wrong from here on (a wrong endpoint, a refused export) is in the log.
  const diagnostics = startDiagnostics();
  const processor = new BatchSpanProcessor(exporter);
  const provider = new NodeTracerProvider({
    // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES override the default name.
    resource: defaultResource()
      .merge(resourceFromAttributes({ [ATTR_SERVICE_NAME]: SERVICE_NAME }))
      .merge(detectResources({ detectors: [envDetector] })),
    spanProcessors: [new Redaction(), processor],
  });
  // The async-hooks context manager and the W3C trace-context propagator, process-wide.
  provider.register();

  // Outgoing fetch (the CRM) through undici's diagnostics channels: no module patching.
  // Both enable themselves on construction (undici subscribes to its channels then).
  const undici = new UndiciInstrumentation({ startSpanHook: crmRequestAttributes });
  undici.setTracerProvider(provider);
  const fastify = new FastifyOtelInstrumentation({
    // One span per call; the hooks and the handler inside it are not worth a span each.
    instrumentHooks: false,
    instrumentHandler: false,
    // Error messages may quote values: the span records the status, not the exception.
    recordExceptions: false,
    requestHook: requestSpanNamed,
  });
  fastify.setTracerProvider(provider);

  const instrumentation = fastify.plugin();
  // On the app: the SDK's warnings go to its log from now on, a client's trace context is
  // dropped unless a trusted proxy sent it, then the spans' own hooks (all for the whole app).
  const requestSpans: FastifyPluginCallback = (instance, _options, done) => {
    diagnostics.logTo(instance.log);
    instance.addHook('onRequest', untrustedTraceContextDropped(instance.config.trustProxy));
    instance.register(instrumentation);
    done();
  };
  Object.assign(requestSpans, { [Symbol.for('skip-override')]: true });

  const tracer = provider.getTracer(SERVICE_NAME);
  return {
    tracer,
    requestSpans,
    observeStatements: statementSpans(tracer),
    flush: () => provider.forceFlush().catch(told('flush')),
    async shutdown() {
      undici.disable();
      fastify.disable();
      await provider.shutdown().catch(told('shutdown'));
      trace.disable();
      context.disable();
      propagation.disable();
      diagnostics.stop();
    },
  };
}
