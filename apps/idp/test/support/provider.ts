import { afterAll, beforeAll } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@pp/database/testing';
import { freePort } from '@pp/testing';
import type { IdpDb } from '../../src/db/database.ts';
import { createIdentityProvider, type IdentityProvider } from '../../src/index.ts';
import type { IdentityProviderOptions } from '../../src/options.ts';
import type { IdentityMail, IdentityMailer } from '../../src/mail.ts';
import { seedDemoAccounts } from '../../src/accounts/accounts.ts';
import { recordingLogger } from './logger.ts';

export const WEB_ORIGIN = 'http://localhost:3000';
export const CLIENT_ID = 'practice-portal-web';
export const AUDIENCE = 'http://localhost:3000/api';
export const API_SCOPE = 'portal:api';
export const DEMO_PASSWORD = 'Demo-Portal-2026';
export const DEMO_EMAIL = 'clara.wolf@example.com';

export interface RunningIdp {
  idp: IdentityProvider;
  /** The configured issuer; the same as `url` unless a test gave another (behind a proxy). */
  issuer: string;
  /** Where the provider listens, e.g. `http://127.0.0.1:41234`. */
  url: string;
  logger: ReturnType<typeof recordingLogger>;
  close(): Promise<void>;
}

/**
 * Tokens and keys send no mail; the flows that do (registration, password reset) are tested in
 * the api, which delivers the provider's mails through its outbox. The notices of the account's
 * security — a sign-in from a new browser (decision 0067), wrong codes, a changed second factor
 * (issue 41) — are kept here for the tests that look.
 */
export const sentNotices: IdentityMail[] = [];
const NOTICES = new Set(['new-browser-sign-in', 'second-factor-failures', 'second-factor-changed']);
const noMail: IdentityMailer = {
  send: (_tx, mail) => {
    if (!NOTICES.has(mail.kind)) {
      return Promise.reject(new Error('this test was not expected to send mail'));
    }
    sentNotices.push(mail);
    return Promise.resolve(true);
  },
};

/** Starts a provider over real HTTP on a loopback port, on the given database. */
export async function startIdp(
  db: IdpDb,
  overrides: Partial<IdentityProviderOptions> & { port?: number } = {},
): Promise<RunningIdp> {
  const port = overrides.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const issuer = overrides.issuer ?? url;
  const logger = recordingLogger();
  const idp = await createIdentityProvider({
    db,
    issuer,
    client: { clientId: CLIENT_ID, webOrigin: WEB_ORIGIN },
    audience: AUDIENCE,
    apiScope: API_SCOPE,
    imprintUrl: 'https://example.com/impressum',
    privacyUrl: 'https://example.com/datenschutz',
    logger,
    mailer: noMail,
    prohibitedAliases: async () => ['info', 'praxis'],
    ...overrides,
  });
  await idp.listen(port, '127.0.0.1');
  return { idp, issuer: idp.issuer, url, logger, close: () => idp.close() };
}

/** A database of its own with the demo accounts (as the api's demo seed will create them). */
export async function createIdpTestDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase({});
  await seedDemoAccounts(database.database.db, [
    { email: DEMO_EMAIL, password: DEMO_PASSWORD },
    { email: 'anna.sommer@example.com', password: DEMO_PASSWORD },
  ]);
  return database;
}

/**
 * For a test file: its own database with the demo accounts and a provider on it, started before
 * the tests and closed after. Read the fields inside tests, after `beforeAll` ran.
 */
export function useIdp(): { database: TestDatabase; running: RunningIdp } {
  const context = {} as { database: TestDatabase; running: RunningIdp };
  beforeAll(async () => {
    context.database = await createIdpTestDatabase();
    context.running = await startIdp(context.database.database.db);
  });
  afterAll(async () => {
    await context.running?.close();
    await context.database?.drop();
  });
  return context;
}
