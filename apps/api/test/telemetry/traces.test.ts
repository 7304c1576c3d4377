import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { API_BASE, calls } from '@pp/contract';
import { startDataverseStandIn, type DataverseStandIn } from '@pp/dataverse-stand-in';
import { freePort } from '@pp/testing';
import { createMailWorker } from '../../src/mail/worker.ts';
import { startTelemetry, type Telemetry } from '../../src/telemetry/index.ts';
import { capturedLogs, createTestApp } from '../support/app.ts';
import { createApiClient, type ApiClient } from '../support/client.ts';
import { closeTestApi } from '../support/context.ts';
import { crmConnectorFor, OPERATOR_TOKEN } from '../support/crm.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { demo } from '../support/demo.ts';
import { startTestIssuer, type TestIssuer } from '../support/issuer.ts';
import { capturingLogger, enqueue, newAddress, verificationMail } from '../mail/fixtures.ts';
import { startSmtpSink } from '../mail/smtp-sink.ts';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from './otlp-receiver.ts';

// Issue 45, "Traces": the portal exports its spans over OTLP/HTTP to a receiver of the test's own,
// as it would to an operator's collector. Spans go out in batches; the test flushes them.

const SERVER = 1 + 1; // OTLP's SpanKind: 2 server, 3 client
const CLIENT = 3;
const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const PROXY_SPAN_ID = '00f067aa0ba902b7';
/** `url.path` of a call no route matched. */
const UNMATCHED = '(unmatched)';

describe('traces', () => {
  const ctx = {} as {
    receiver: OtlpReceiver;
    telemetry: Telemetry;
    standIn: DataverseStandIn;
    db: TestDatabase;
    issuer: TestIssuer;
    app: FastifyInstance;
    client: ApiClient;
    /** Requests from no proxy it trusts: the default, and a proxy list without the caller. */
    untrusted: FastifyInstance[];
  };
  const noLog = { info: () => {}, warn: () => {}, error: () => {} };

  beforeAll(async () => {
    ctx.receiver = await startOtlpReceiver();
    const telemetry = await startTelemetry({
      OTEL_EXPORTER_OTLP_ENDPOINT: ctx.receiver.endpoint,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    });
    if (!telemetry) throw new Error('tracing did not start with an endpoint');
    ctx.telemetry = telemetry;
    ctx.standIn = await startDataverseStandIn();
    ctx.db = await createTestDatabase({ observe: telemetry.observeStatements });
    ctx.issuer = await startTestIssuer();
    ctx.app = await createTestApp({
      database: ctx.db.database,
      issuer: ctx.issuer,
      crm: crmConnectorFor(ctx, noLog, { pageSize: 50 }),
      // `inject` calls come from 127.0.0.1: the operator's proxy.
      env: { OPERATOR_TOKEN, TRUST_PROXY: 'loopback' },
      telemetry,
    });
    ctx.client = createApiClient(ctx.app);
    ctx.untrusted = [];
    for (const env of [{}, { TRUST_PROXY: '10.0.0.0/8' }] as Record<string, string>[]) {
      const options = { database: ctx.db.database, issuer: ctx.issuer, env, telemetry };
      ctx.untrusted.push(await createTestApp(options));
    }
  });
  afterAll(async () => {
    for (const app of ctx.untrusted ?? []) await app.close();
    await closeTestApi(ctx);
    await ctx.standIn?.stop();
    // Unregisters the global provider, propagator and fetch channels: the next file runs without.
    await ctx.telemetry?.shutdown();
    await ctx.receiver?.close();
  });

  /** The spans exported so far, after the batch in hand went out. */
  async function exported(): Promise<ReceivedSpan[]> {
    await ctx.telemetry.flush();
    return ctx.receiver.spans;
  }
  async function traceOf(callSpan: ReceivedSpan) {
    return (await exported()).filter((span) => span.traceId === callSpan.traceId);
  }
  /** The span of the one call whose route is `name` and that started after `since` spans. */
  async function callSpan(name: string, since: number): Promise<ReceivedSpan> {
    const spans = (await exported()).slice(since).filter((span) => span.name === name);
    expect(spans).toHaveLength(1);
    return spans[0]!;
  }
  const logLinesFrom = (since: number) =>
    capturedLogs.slice(since).map((line) => JSON.parse(line) as Record<string, unknown>);

  const profileRoute = `GET ${API_BASE}${calls.customerGetCustomerData.path}`;

  it('makes one trace per call, named by its route, with a span per database statement', async () => {
    const before = (await exported()).length;
    const token = await ctx.issuer.tokenFor(demo.anna);
    expect((await ctx.client.customer.getCustomerData({ token })).statusCode).toBe(200);
    const first = await callSpan(profileRoute, before);
    const middle = (await exported()).length;
    expect((await ctx.client.customer.getCustomerData({ token })).statusCode).toBe(200);
    const second = await callSpan(profileRoute, middle);

    expect(second.traceId).not.toBe(first.traceId);
    for (const call of [first, second]) {
      expect(call).toMatchObject({ kind: SERVER, parentSpanId: '', service: 'practice-portal' });
      expect(call.attributes['http.route']).toBe(
        `${API_BASE}${calls.customerGetCustomerData.path}`,
      );
      const trace = await traceOf(call);
      const statements = trace.filter((span) => span.attributes['db.system'] === 'postgresql');
      expect(statements.some((span) => span.name === 'SELECT')).toBe(true);
      // The call is the trace's only root; the rest are its statements and outgoing requests
      // (the first call of a run fetches the issuer's keys).
      expect(trace.filter((span) => span.parentSpanId !== call.spanId)).toEqual([call]);
      for (const statement of statements) {
        expect(statement).toMatchObject({ kind: CLIENT, parentSpanId: call.spanId });
        // Named by its operation; a transaction's begin and commit are statements too on a server.
        expect(String(statement.attributes['db.query.text']).trim().toUpperCase()).toMatch(
          new RegExp(`^\\(?\\s*${statement.name}\\b`),
        );
        // Values travel as parameters: the caller's address is in no statement.
        expect(JSON.stringify(statement.attributes)).not.toContain(demo.anna);
      }
    }
  });

  it("continues the trace of the operator's proxy (W3C traceparent) and writes its id in the call's log lines", async () => {
    const before = (await exported()).length;
    const logged = capturedLogs.length;
    const token = await ctx.issuer.tokenFor(demo.ben);
    const response = await ctx.client.customer.getCustomerData({
      token,
      headers: { traceparent: `00-${TRACE_ID}-${PROXY_SPAN_ID}-01` },
    });
    expect(response.statusCode).toBe(200);
    const call = await callSpan(profileRoute, before);
    expect(call).toMatchObject({ traceId: TRACE_ID, parentSpanId: PROXY_SPAN_ID });

    const lines = logLinesFrom(logged);
    const requestLine = lines.find((line) => line.msg === 'request');
    expect(requestLine).toMatchObject({ trace_id: TRACE_ID });
    const ofCall = lines.filter((line) => line.reqId === requestLine?.reqId);
    expect(ofCall.every((line) => line.trace_id === TRACE_ID)).toBe(true);
  });

  it("starts a trace of its own for a client's traceparent, which no trusted proxy sent", async () => {
    for (const app of ctx.untrusted) {
      const before = (await exported()).length;
      const token = await ctx.issuer.tokenFor(demo.ben);
      const response = await createApiClient(app).customer.getCustomerData({
        token,
        headers: { traceparent: `00-${TRACE_ID}-${PROXY_SPAN_ID}-01` },
      });
      expect(response.statusCode).toBe(200);
      const call = await callSpan(profileRoute, before);
      expect(call.traceId).not.toBe(TRACE_ID);
      expect(call.parentSpanId).toBe('');
      // The trace id is nowhere in what was exported.
      expect(JSON.stringify((await exported()).slice(before))).not.toContain(TRACE_ID);
    }
  });

  it('records no path a client made up: a call no route matched has a constant path', async () => {
    const before = (await exported()).length;
    const url = `${API_BASE}/No/Such/${encodeURIComponent(demo.anna)}`;
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    const [call] = (await exported()).slice(before).filter((span) => span.kind === SERVER);
    expect(call).toMatchObject({ name: 'GET', attributes: { 'url.path': UNMATCHED } });
    expect(JSON.stringify(call)).not.toContain('No/Such');
  });

  it('passes the trace on to the CRM: its requests are spans of the call and carry traceparent', async () => {
    const before = (await exported()).length;
    ctx.standIn.seen.length = 0;
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/operator/crm/sync',
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    const call = await callSpan('POST /operator/crm/sync', before);
    const trace = await traceOf(call);
    const crmRequests = trace.filter(
      (span) =>
        span.kind === CLIENT && String(span.attributes['url.full']).startsWith(ctx.standIn.url),
    );
    expect(crmRequests.length).toBeGreaterThan(0);
    // The OData query (a filter names what it looks for) is not exported.
    for (const span of crmRequests) expect(span.attributes['url.full']).not.toContain('?');
    expect(trace.some((span) => span.attributes['db.system'] === 'postgresql')).toBe(true);

    expect(ctx.standIn.seen.length).toBeGreaterThan(0);
    const crmSpanIds = new Set(crmRequests.map((span) => span.spanId));
    for (const request of ctx.standIn.seen) {
      const [, traceId, parentId] = request.headers.traceparent?.split('-') ?? [];
      expect(traceId).toBe(call.traceId);
      expect(crmSpanIds.has(parentId ?? '')).toBe(true);
    }
  });

  it('makes a span of each SMTP send, named without the address', async () => {
    const sink = await startSmtpSink();
    const to = newAddress('traced');
    const { id } = await ctx.db.database.db.transaction((tx) => enqueue(tx, verificationMail(to)));
    const worker = createMailWorker({
      database: ctx.db.database,
      smtpUrl: sink.url,
      logger: capturingLogger().logger,
      tracer: ctx.telemetry.tracer,
    });
    try {
      expect(await worker.runOnce()).toBeGreaterThan(0);
    } finally {
      await worker.stop();
      await sink.close();
    }
    const sends = (await exported()).filter((span) => span.name === 'mail send');
    const send = sends.find((span) => span.attributes['mail.outbox_id'] === id);
    expect(send).toMatchObject({ kind: CLIENT, parentSpanId: '' });
    expect(JSON.stringify(sends)).not.toContain(to);
  });
});

describe('with a collector that cannot be reached', () => {
  const ctx = {} as {
    telemetry: Telemetry;
    db: TestDatabase;
    issuer: TestIssuer;
    app: FastifyInstance;
  };
  beforeAll(async () => {
    // The batch goes out every 200 ms instead of every 5 s (read from the process's environment).
    vi.stubEnv('OTEL_BSP_SCHEDULE_DELAY', '200');
    // A port nobody listens on: every export is refused.
    const telemetry = await startTelemetry({
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${await freePort()}`,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_EXPORTER_OTLP_TIMEOUT: '500',
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
    vi.unstubAllEnvs();
  });

  const warnings = (since: number) =>
    capturedLogs
      .slice(since)
      .map((line) => JSON.parse(line) as { level: number; msg: string; detail?: string[] })
      .filter((line) => line.msg.startsWith('OpenTelemetry'));

  it('says so in a warning of the log, once for a run of failed exports', async () => {
    const logged = capturedLogs.length;
    const isAlive = `${API_BASE}${calls.lifetimeIsAlive.path}`;
    // Three batches, each refused when the SDK sends it on its own schedule.
    for (let batch = 0; batch < 3; batch += 1) {
      expect((await ctx.app.inject({ method: 'GET', url: isAlive })).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1500));
    }
    expect(warnings(logged)).toEqual([
      expect.objectContaining({ level: 40, msg: expect.stringMatching(/ECONNREFUSED/) }),
    ]);
  }, 30_000);

  it('tells of the spans a flush could not send, instead of failing', async () => {
    const logged = capturedLogs.length;
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/No/Such' })).statusCode).toBe(404);
    await expect(ctx.telemetry.flush()).resolves.toBeUndefined();
    expect(warnings(logged)).toEqual([
      expect.objectContaining({ level: 40, msg: expect.stringMatching(/could not be exported/) }),
    ]);
  });
});

describe('without an OTLP endpoint', () => {
  it('starts nothing', async () => {
    expect(await startTelemetry({ OTEL_SERVICE_NAME: 'practice-portal' })).toBeUndefined();
  });

  it('refuses a protocol it cannot send (gRPC) instead of dropping every span', async () => {
    await expect(
      startTelemetry({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318',
        OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc',
      }),
    ).rejects.toThrow(/OTEL_EXPORTER_OTLP_PROTOCOL=grpc is not supported/);
  });
});
