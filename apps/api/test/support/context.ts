import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestAppOptions } from './app.ts';
import { createApiClient, type ApiClient } from './client.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';
import { startTestIssuer, type TestIssuer } from './issuer.ts';

export interface ApiContext {
  app: FastifyInstance;
  /** The app's calls by area and name, typed from the contract (`support/client.ts`). */
  client: ApiClient;
  issuer: TestIssuer;
  db: TestDatabase;
}

/**
 * For a test file: its own database (migrated, demo data), a test issuer and the app.
 * Access the fields inside tests, after `beforeAll` ran.
 */
export function useApi(options: Omit<TestAppOptions, 'database' | 'issuer'> = {}): ApiContext {
  const context = {} as ApiContext;
  beforeAll(async () => {
    context.db = await createTestDatabase();
    context.issuer = await startTestIssuer();
    context.app = await createTestApp({
      ...options,
      database: context.db.database,
      issuer: context.issuer,
    });
    context.client = createApiClient(context.app);
  });
  afterAll(() => closeTestApi(context));
  return context;
}

/** Closes what a test file's api context opened, in order: the app, its issuer, its database. */
export async function closeTestApi(context: {
  app?: FastifyInstance;
  issuer?: { close(): Promise<void> };
  db?: TestDatabase;
}): Promise<void> {
  await context.app?.close();
  await context.issuer?.close();
  await context.db?.drop();
}
