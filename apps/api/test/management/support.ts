import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { createIdentityProvider, type IdentityProvider } from '@pp/idp';
import { freePort, TestBrowser } from '@pp/testing';
import { loadConfig } from '../../src/config.ts';
import { embeddedProviderOptions } from '../../src/identity/embedded-provider.ts';
import { signInEventsOf } from '../../src/management/metrics.ts';
import { startManagementServer, type ManagementServer } from '../../src/management/server.ts';
import { createTestApp, type TestAppOptions } from '../support/app.ts';
import { createApiClient, type ApiClient } from '../support/client.ts';
import { closeTestApi } from '../support/context.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { startTestIssuer, type TestIssuer } from '../support/issuer.ts';
import type { EmbeddedProvider } from '../identity/support/provider.ts';

/** A portal as `main.ts` wires it: the app, the embedded provider and the management port. */
export interface ManagedPortal {
  app: FastifyInstance;
  client: ApiClient;
  issuer: TestIssuer;
  db: TestDatabase;
  management: ManagementServer;
  /** The embedded provider on the same database, counting into the app's metrics. */
  provider: EmbeddedProvider;
  /** `GET` on the management port. */
  get(path: string): Promise<Response>;
  /** The metrics as Prometheus reads them. */
  scrape(): Promise<string>;
}

let addresses = 0;

/**
 * For a test file: its own database, the app (tokens from the test issuer), the embedded
 * provider over real HTTP and the management port on a free loopback port.
 */
export function useManagedPortal(options: Pick<TestAppOptions, 'env' | 'web'> = {}): ManagedPortal {
  const context = {} as ManagedPortal & { idp: IdentityProvider };
  beforeAll(async () => {
    context.db = await createTestDatabase();
    context.issuer = await startTestIssuer();
    context.app = await createTestApp({
      ...options,
      database: context.db.database,
      issuer: context.issuer,
      embeddedProvider: true,
    });
    context.client = createApiClient(context.app);
    const port = await freePort();
    const config = loadConfig({
      NODE_ENV: 'test',
      PUBLIC_URL: 'http://localhost:3000',
      IDP_HOST: '127.0.0.1',
      IDP_PORT: String(port),
      DEMO_DATA: 'false',
      // The test is the trusted proxy: each browser names its own client address.
      TRUST_PROXY: 'true',
    });
    const quiet = () => undefined;
    context.idp = await createIdentityProvider({
      ...embeddedProviderOptions(config, context.db.database.db, {
        info: quiet,
        warn: quiet,
        error: (obj, msg) => console.error(msg, obj),
      }),
      signInEvents: signInEventsOf(context.app.metrics),
    });
    await context.idp.listen(port, '127.0.0.1');
    context.provider = {
      config,
      database: context.db,
      issuer: context.idp.issuer,
      idp: context.idp,
      logs: [],
      browser: (language = 'de') =>
        new TestBrowser(language, { 'x-forwarded-for': `198.51.100.${(++addresses % 250) + 1}` }),
    };
    context.management = await startManagementServer(context.app, { port: 0, host: '127.0.0.1' });
    context.get = (path) => fetch(new URL(path, context.management.url));
    context.scrape = async () => (await context.get('/metrics')).text();
  });
  afterAll(async () => {
    await context.management?.close();
    await context.idp?.close();
    await closeTestApi(context);
  });
  return context;
}

type Labels = Record<string, string>;

/** The samples of a metric in Prometheus's text format whose labels include `labels`. */
export function samples(text: string, name: string, labels: Labels = {}): number[] {
  const found: number[] = [];
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present: Labels = {};
    for (const label of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
      present[label[1]!] = label[2]!;
    }
    if (Object.entries(labels).every(([key, value]) => present[key] === value)) {
      found.push(Number(match[3]));
    }
  }
  return found;
}

/** The sum of a metric's samples that carry `labels` (0 when there is none). */
export function value(text: string, name: string, labels: Labels = {}): number {
  return samples(text, name, labels).reduce((sum, sample) => sum + sample, 0);
}
