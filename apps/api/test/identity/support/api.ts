import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../../src/app.ts';
import type { Database } from '../../../src/db/client.ts';
import { createApiClient, type ApiClient } from '../../support/client.ts';
import type { EmbeddedProvider } from './provider.ts';

export interface ApiOnProvider {
  app: FastifyInstance;
  client: ApiClient;
}

/** The api as `main.ts` runs it beside the embedded provider, on `database` (default: its own). */
export async function startApiOn(
  provider: EmbeddedProvider,
  database: Database = provider.database.database,
): Promise<ApiOnProvider> {
  const logStream = new Writable({ write: (_chunk, _encoding, callback) => callback() });
  const app = await buildApp({ config: provider.config, database, logStream });
  await app.ready();
  return { app, client: createApiClient(app) };
}

/** For a test file: the api beside `useEmbeddedProvider()`'s provider, on its database. */
export function useApiOn(provider: EmbeddedProvider): ApiOnProvider {
  const context = {} as ApiOnProvider;
  beforeAll(async () => Object.assign(context, await startApiOn(provider)));
  afterAll(() => context.app?.close());
  return context;
}
