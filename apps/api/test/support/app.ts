import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import type { Database } from '../../src/db/client.ts';
import { createTokenVerifier } from '../../src/lib/token-verifier.ts';
import type { TestIssuer } from './issuer.ts';

/** Every log line the app wrote, for assertions that logs leak nothing. */
export const capturedLogs: string[] = [];

export interface TestAppOptions {
  database: Database;
  issuer: TestIssuer;
  env?: Record<string, string>;
  web?: { root: string };
  /** Key-set fetch cooldown; short in tests of the refetch behaviour. */
  cooldownMs?: number;
}

/** The api in-process (`app.inject`), configured like production against the test issuer. */
export async function createTestApp(options: TestAppOptions): Promise<FastifyInstance> {
  const config = loadConfig({
    NODE_ENV: 'test',
    OIDC_ISSUER: options.issuer.issuer,
    OIDC_CLIENT_ID: 'practice-portal-web',
    OIDC_AUDIENCE: options.issuer.audience,
    LOG_LEVEL: 'info',
    DEMO_DATA: 'false',
    ...options.env,
  });
  const logStream = new Writable({
    write(chunk, _encoding, callback) {
      capturedLogs.push(String(chunk));
      callback();
    },
  });
  const app = await buildApp({
    config,
    database: options.database,
    logStream,
    verifier: createTokenVerifier({
      issuer: config.oidc.issuer,
      audience: config.oidc.audience,
      ...(options.cooldownMs !== undefined ? { cooldownMs: options.cooldownMs } : {}),
    }),
    ...(options.web ? { web: options.web } : {}),
  });
  await app.ready();
  return app;
}
