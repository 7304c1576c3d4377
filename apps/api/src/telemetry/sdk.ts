import { FastifyOtelInstrumentation } from '@fastify/otel';
import { context, propagation, trace } from '@opentelemetry/api';
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
  return protocol === 'http/json' ? new JsonExporter({ url }) : new ProtobufExporter({ url });
}

/** The SDK for traces only: a provider, the W3C propagator, and the two instrumentations. */
export function startSdk(env: NodeJS.ProcessEnv, endpoint: string): Telemetry {
  const exporter = exporterFor(env, endpoint);
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

  const tracer = provider.getTracer(SERVICE_NAME);
  return {
    tracer,
    requestSpans: untrustedTraceContextDropped(fastify.plugin()),
    observeStatements: statementSpans(tracer),
    flush: () => provider.forceFlush(),
    async shutdown() {
      undici.disable();
      fastify.disable();
      await provider.shutdown();
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
}
