import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';

/** OTLP/JSON's attribute value (https://opentelemetry.io/docs/specs/otlp/#json-protobuf-encoding). */
const AnyValue = z.object({
  stringValue: z.string().optional(),
  intValue: z.union([z.string(), z.number()]).optional(),
  boolValue: z.boolean().optional(),
});
const SpanJson = z.object({
  traceId: z.string(),
  spanId: z.string(),
  parentSpanId: z.string().optional(),
  name: z.string(),
  kind: z.number(),
  attributes: z.array(z.object({ key: z.string(), value: AnyValue })).default([]),
});
const ExportRequest = z.object({
  resourceSpans: z.array(
    z.object({
      resource: z
        .object({ attributes: z.array(z.object({ key: z.string(), value: AnyValue })) })
        .optional(),
      scopeSpans: z.array(z.object({ spans: z.array(SpanJson).default([]) })),
    }),
  ),
});

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  /** Empty for a trace's first span. */
  parentSpanId: string;
  name: string;
  kind: number;
  attributes: Record<string, string | number | boolean | undefined>;
  service: string | undefined;
}

export interface OtlpReceiver {
  /** `OTEL_EXPORTER_OTLP_ENDPOINT` of the receiver. */
  endpoint: string;
  spans: ReceivedSpan[];
  close(): Promise<void>;
}

function valueOf(value: z.infer<typeof AnyValue>) {
  return value.stringValue ?? value.intValue ?? value.boolValue;
}

/** An OTLP/HTTP collector of traces in JSON (`OTEL_EXPORTER_OTLP_PROTOCOL=http/json`). */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/traces') {
        response.writeHead(404).end();
        return;
      }
      const body = ExportRequest.parse(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      for (const { resource, scopeSpans } of body.resourceSpans) {
        const service = resource?.attributes.find((a) => a.key === 'service.name')?.value;
        for (const span of scopeSpans.flatMap((scope) => scope.spans)) {
          spans.push({
            ...span,
            parentSpanId: span.parentSpanId ?? '',
            attributes: Object.fromEntries(span.attributes.map((a) => [a.key, valueOf(a.value)])),
            service: service?.stringValue,
          });
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    spans,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
