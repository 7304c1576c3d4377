import { appendFileSync, mkdirSync } from 'node:fs';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../../src/app.ts';
import { loadConfig } from '../../../src/config.ts';
import type { ProviderName } from '../../../src/lib/tokens/provider-profiles.ts';
import { createTestDatabase, type TestDatabase } from '../../support/database.ts';
import {
  startProviderIssuer,
  type ExtraHandler,
  type ProviderIssuer,
  type ProviderSetup,
} from './provider-issuer.ts';
import { createApiClient, type ApiClient } from '../../support/client.ts';
import { closeTestApi } from '../../support/context.ts';

/** Logs also go to test-logs/, which `npm run test:logs` scans after the whole run. */
const TEST_LOGS = fileURLToPath(new URL('../../../../test-logs/', import.meta.url));
mkdirSync(TEST_LOGS, { recursive: true });
const logFile = `${TEST_LOGS}api-providers-${process.pid}.log`;

/** The variables of a deployment on this provider (docs/identity-providers.md). */
export function providerEnv(setup: ProviderSetup): Record<string, string> {
  return {
    OIDC_PROVIDER: setup.provider,
    OIDC_ISSUER: setup.issuer,
    OIDC_CLIENT_ID: setup.clientId,
    OIDC_AUDIENCE: setup.audience,
    ...(setup.apiScope ? { OIDC_API_SCOPE: setup.apiScope } : {}),
  };
}

export interface ProviderApi {
  app: FastifyInstance;
  client: ApiClient;
  issuer: ProviderIssuer;
  db: TestDatabase;
  logs: string[];
}

/**
 * For a test file: the api as `buildApp` wires it from the environment (verifier and identity
 * administration of the provider's profile), a stand-in of the provider's tokens and a database.
 */
export function useProviderApi(
  provider: ProviderName,
  env: (issuer: ProviderIssuer) => Record<string, string> = () => ({}),
  extra?: ExtraHandler,
): ProviderApi {
  const context = { logs: [] as string[] } as ProviderApi;
  beforeAll(async () => {
    context.db = await createTestDatabase();
    context.issuer = await startProviderIssuer(provider, extra);
    const config = loadConfig({
      NODE_ENV: 'test',
      PUBLIC_URL: 'https://portal.example.com',
      ...providerEnv(context.issuer.setup),
      LOG_LEVEL: 'info',
      DEMO_DATA: 'false',
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
      ...env(context.issuer),
    });
    const logStream = new Writable({
      write(chunk, _encoding, callback) {
        context.logs.push(String(chunk));
        appendFileSync(logFile, String(chunk));
        callback();
      },
    });
    context.app = await buildApp({ config, database: context.db.database, logStream });
    await context.app.ready();
    context.client = createApiClient(context.app);
  });
  afterAll(() => closeTestApi(context));
  return context;
}
