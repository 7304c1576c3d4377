import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { diag } from '@opentelemetry/api';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_BASE, calls } from '@pp/contract';
import { startDiagnostics } from '../../src/telemetry/diagnostics.ts';
import { startTelemetry, type Telemetry } from '../../src/telemetry/index.ts';
import { capturedLogs, createTestApp } from '../support/app.ts';
import { closeTestApi } from '../support/context.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { startTestIssuer, type TestIssuer } from '../support/issuer.ts';

// Issue 45, outside probe (M1, L5): a collector whose error answers vary (a request id, a time)
// made one long warning with a stack per batch, each with the trace id of whatever request was
// active. The SDK's warnings are limited by their kind, capped overall, short, and outside any
// request's trace.

/** The SDK's message for an error it could not export with (its `stringifyException`). */
const exportError = (n: number) =>
  JSON.stringify({
    stack: `OTLPExporterError: Bad Request\n    at IncomingMessage.<anonymous> (x.ts:99:25)`,
    message: 'Bad Request',
    code: '400',
    name: 'OTLPExporterError',
    data: `bad request, request id 1795955985113-${n}`,
  });

describe('the SDK warnings in the log', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  function capture() {
    const lines: { fields: Record<string, unknown>; message: string }[] = [];
    const diagnostics = startDiagnostics();
    diagnostics.logTo({
      warn: (fields, message) => lines.push({ fields: { ...fields }, message }),
    });
    return { lines, diagnostics };
  }

  it('are one line a minute for one kind of failure, however its text varies', () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-29T12:00:00Z') });
    const { lines, diagnostics } = capture();
    try {
      for (let n = 0; n < 30; n += 1) {
        diag.error(exportError(n));
        vi.advanceTimersByTime(1000);
      }
      expect(lines).toHaveLength(1);
      const [line] = lines;
      expect(line!.message).toBe('OpenTelemetry: OTLPExporterError: Bad Request (400)');
      expect(JSON.stringify(line)).not.toContain('    at ');
      expect(JSON.stringify(line).length).toBeLessThan(300);
      vi.advanceTimersByTime(31_000);
      diag.error(exportError(99));
      expect(lines).toHaveLength(2);
      expect(lines[1]!.fields).toMatchObject({ repeated: 29 });
    } finally {
      diagnostics.stop();
    }
  });

  it('are capped overall, the rest counted, and cut short', () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-29T12:00:00Z') });
    const { lines, diagnostics } = capture();
    try {
      for (let n = 0; n < 50; n += 1) diag.warn(`kind ${'abcdefghijklmnopqrstuvwxyz'[n % 26]}${n}`);
      diag.warn('x'.repeat(5000), new Error('y'.repeat(5000)));
      expect(lines.length).toBeLessThanOrEqual(5);
      vi.advanceTimersByTime(61_000);
      diag.warn('kind a0');
      expect(lines.at(-1)!.fields).toMatchObject({ repeated: expect.any(Number) });
      for (const line of lines) expect(JSON.stringify(line).length).toBeLessThan(600);
    } finally {
      diagnostics.stop();
    }
  });
});

describe('with a collector that refuses each batch with a varying answer', () => {
  const ctx = {} as {
    collector: http.Server;
    telemetry: Telemetry;
    db: TestDatabase;
    issuer: TestIssuer;
    app: FastifyInstance;
  };
  beforeAll(async () => {
    let n = 0;
    ctx.collector = http.createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        n += 1;
        response.writeHead(400, { 'content-type': 'text/plain' });
        response.end(`bad request, request id ${Date.now()}-${n}`);
      });
    });
    await new Promise<void>((resolve) => ctx.collector.listen(0, '127.0.0.1', resolve));
    const { port } = ctx.collector.address() as AddressInfo;
    vi.stubEnv('OTEL_BSP_SCHEDULE_DELAY', '200');
    const telemetry = await startTelemetry({
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    });
    if (!telemetry) throw new Error('tracing did not start with an endpoint');
    ctx.telemetry = telemetry;
    ctx.db = await createTestDatabase({ observe: telemetry.observeStatements });
    ctx.issuer = await startTestIssuer();
    ctx.app = await createTestApp({ database: ctx.db.database, issuer: ctx.issuer, telemetry });
  });
  afterAll(async () => {
    await closeTestApi(ctx);
    await ctx.telemetry?.shutdown();
    await new Promise((resolve) => ctx.collector?.close(resolve));
    vi.unstubAllEnvs();
  });

  it('logs one short warning for a burst of failed batches, in no request’s trace', async () => {
    const logged = capturedLogs.length;
    const isAlive = `${API_BASE}${calls.lifetimeIsAlive.path}`;
    for (let batch = 0; batch < 4; batch += 1) {
      expect((await ctx.app.inject({ method: 'GET', url: isAlive })).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 700));
    }
    const warnings = capturedLogs
      .slice(logged)
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => String(line['msg']).startsWith('OpenTelemetry'));
    expect(warnings).toHaveLength(1);
    const [warning] = warnings;
    expect(warning).toMatchObject({ level: 40, msg: expect.stringMatching(/Bad Request/) });
    expect(warning).not.toHaveProperty('trace_id');
    expect(warning).not.toHaveProperty('span_id');
    expect(JSON.stringify(warning)).not.toContain('    at ');
    expect(JSON.stringify(warning).length).toBeLessThan(500);
  }, 30_000);
});
