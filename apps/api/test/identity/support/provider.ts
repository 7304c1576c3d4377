import { afterAll, beforeAll } from 'vitest';
import { createIdentityProvider, type IdentityProvider, type ThrottlePolicy } from '@pp/idp';
import { freePort, TestBrowser } from '@pp/testing';
import { loadConfig, type Config } from '../../../src/config.ts';
import { embeddedProviderOptions } from '../../../src/identity/embedded-provider.ts';
import { createTestDatabase, type TestDatabase } from '../../support/database.ts';

export interface ProviderLog {
  level: 'info' | 'warn' | 'error';
  msg: string;
  obj: object;
}

export interface EmbeddedProvider {
  config: Config;
  database: TestDatabase;
  /** The provider's origin, e.g. `http://127.0.0.1:41234`. */
  issuer: string;
  idp: IdentityProvider;
  logs: ProviderLog[];
  /** A browser the provider sees at an address of its own (its throttle counts per address). */
  browser(language?: string): TestBrowser;
}

let addressCounter = 0;

/**
 * For a test file: its own database (migrated, demo data) and the embedded provider on it, wired
 * as `main.ts` wires it — the api's configuration, its outbox as the mailer, its prohibited
 * aliases — over real HTTP. Read the fields inside tests, after `beforeAll` ran.
 */
export function useEmbeddedProvider(options: { throttle?: ThrottlePolicy } = {}): EmbeddedProvider {
  const context = {
    logs: [] as ProviderLog[],
    browser: (language = 'de') =>
      new TestBrowser(language, {
        'x-forwarded-for': `198.51.100.${(++addressCounter % 250) + 1}`,
      }),
  } as EmbeddedProvider;
  beforeAll(async () => {
    const port = await freePort();
    context.config = loadConfig({
      NODE_ENV: 'test',
      PUBLIC_URL: 'http://localhost:3000',
      IDP_HOST: '127.0.0.1',
      IDP_PORT: String(port),
      DEMO_DATA: 'false',
      // The test is the trusted proxy: each browser names its own client address.
      TRUST_PROXY: 'true',
      IMPRINT_URL: 'https://example.com/impressum',
      PRIVACY_URL: 'https://example.com/datenschutz',
    });
    context.database = await createTestDatabase();
    const { config, logs } = context;
    const log = (level: ProviderLog['level']) => (obj: object, msg: string) => {
      logs.push({ level, msg, obj });
      if (level === 'error') console.error(msg, obj);
    };
    const logger = { info: log('info'), warn: log('warn'), error: log('error') };
    context.idp = await createIdentityProvider({
      ...embeddedProviderOptions(config, context.database.database.db, logger),
      ...(options.throttle ? { throttle: options.throttle } : {}),
    });
    context.issuer = context.idp.issuer;
    await context.idp.listen(port, '127.0.0.1');
  });
  afterAll(async () => {
    await context.idp?.close();
    await context.database?.drop();
  });
  return context;
}
