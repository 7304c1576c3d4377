import { appendFileSync, mkdirSync } from 'node:fs';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import type { CrmConnector } from '../../src/crm-sync/connector.ts';
import type { Database } from '../../src/db/client.ts';
import { createTokenVerifier } from '../../src/lib/tokens/token-verifier.ts';
import type { Telemetry } from '../../src/telemetry/index.ts';
import type { TestIssuer } from './issuer.ts';

/** Every log line the app wrote, for assertions that logs leak nothing. */
export const capturedLogs: string[] = [];

/** Every log line also goes to test-logs/, which `npm run test:logs` scans after the whole run. */
const TEST_LOGS = fileURLToPath(new URL('../../../../test-logs/', import.meta.url));
mkdirSync(TEST_LOGS, { recursive: true });
const logFile = `${TEST_LOGS}api-${process.pid}.log`;

export interface TestAppOptions {
  database: Database;
  issuer: TestIssuer;
  env?: Record<string, string>;
  web?: { root: string };
  /** Key-set fetch cooldown; short in tests of the refetch behaviour. */
  cooldownMs?: number;
  /**
   * Configure the app as with the embedded provider (no OIDC_* settings, loopback PUBLIC_URL),
   * which test endpoints and the mailbox require; tokens still come from the test issuer.
   */
  embeddedProvider?: boolean;
  /** A connected CRM (decision 0061); absent: none, the portal's tables are the record. */
  crm?: CrmConnector;
  /** Tracing (test/telemetry); absent: none, as without an OTLP endpoint. */
  telemetry?: Telemetry;
  /** Registers extra routes before the app is ready (e.g. a throw-away route of an error test). */
  extend?: (app: FastifyInstance) => void | Promise<void>;
}

/** The api in-process (`app.inject`), configured like production against the test issuer. */
export async function createTestApp(options: TestAppOptions): Promise<FastifyInstance> {
  const provider = options.embeddedProvider
    ? { PUBLIC_URL: new URL(options.issuer.audience).origin }
    : {
        OIDC_ISSUER: options.issuer.issuer,
        OIDC_CLIENT_ID: 'practice-portal-web',
        OIDC_AUDIENCE: options.issuer.audience,
      };
  const config = loadConfig({
    NODE_ENV: 'test',
    ...provider,
    LOG_LEVEL: 'info',
    DEMO_DATA: 'false',
    // Loading a test database blocks the event loop for a second or more: load shedding would
    // answer the next requests 503. The overload test turns it on with its own limits.
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
    ...options.env,
  });
  const logStream = new Writable({
    write(chunk, _encoding, callback) {
      capturedLogs.push(String(chunk));
      appendFileSync(logFile, String(chunk));
      callback();
    },
  });
  const app = await buildApp({
    config,
    database: options.database,
    logStream,
    verifier: createTokenVerifier({
      issuer: options.issuer.issuer,
      audience: options.issuer.audience,
      maxLifetimeSeconds: config.oidc.accessTokenMaxMinutes * 60,
      ...(options.cooldownMs !== undefined ? { cooldownMs: options.cooldownMs } : {}),
    }),
    ...(options.web ? { web: options.web } : {}),
    ...(options.crm ? { crm: options.crm } : {}),
    ...(options.telemetry ? { telemetry: options.telemetry } : {}),
  });
  await options.extend?.(app);
  await app.ready();
  return app;
}
