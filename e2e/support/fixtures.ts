import { randomUUID } from 'node:crypto';
import { test as base, expect } from '@playwright/test';
import { calls } from '@pp/contract';
import type { z } from 'zod';
import {
  startExternalProviderPortal,
  startPortalServer,
  suiteRecordStore,
  type PortalServer,
  type RecordStore,
} from './portal-server.ts';
import { sharedPortal, type Portal } from './portal.ts';
import type { StandInKind } from './provider-profiles.ts';
import { PROVIDER_USER } from './provider-sign-in.ts';
import { recordToasts } from './toasts.ts';

type CreateUserBody = z.input<NonNullable<typeof calls.atestCreateUser.body>>;

export interface TestUser {
  email: string;
  password: string;
  /** First and last name as the portal shows them. */
  name: string;
  customerId: string;
  practiceIds: string[];
}

export type CreateUser = (input?: Partial<CreateUserBody>) => Promise<TestUser>;

/**
 * Whose portal a test runs on:
 * - `shared`: the one the global setup started, shared by every spec (the default);
 * - `worker`: one of this worker's own, with a new database and the demo data, for specs that
 *   change the demo users' data or count failed sign-ins (docs/product.md §8); its tests must
 *   not rely on each other's changes;
 * - `own`: one of the test's own, for a test that changes the demo users' roles, which the
 *   other specs of a worker expect as docs/product.md §8 gives them.
 * A portal other than the shared one: open `portal.url` before `signIn`, which otherwise opens
 * the shared portal.
 */
export type PortalScope = 'shared' | 'worker' | 'own';

/** How the portal of `portal` is started: `test.use({ portalScope: 'own', … })`. */
export interface PortalOptions {
  portalScope: PortalScope;
  /**
   * The host the browser reaches the embedded provider under: `127.0.0.1` puts it on another
   * site than the portal (portal-server.ts). Not with the shared portal.
   */
  providerHost: 'localhost' | '127.0.0.1';
  /** Where the portal keeps its records; undefined: the suite's (`E2E_RECORD_STORE`). */
  recordStore: RecordStore | undefined;
  /** Settings of the operator's, e.g. `PORTAL_NAME`. Not with the shared portal. */
  portalSettings: Record<string, string>;
  /**
   * `embedded`: the portal's own provider. A stand-in Keycloak or Entra instead: the app on a
   * database holding PROVIDER_USER as a customer, without the demo data and the test endpoints;
   * `portal.external` names the provider. Not with the shared portal.
   */
  identityProvider: 'embedded' | StandInKind;
}

interface Fixtures extends PortalOptions {
  /** The portal of this test, as `portalScope` and the options of `PortalOptions` say. */
  portal: Portal;
  /** A user of its own for this test: account and customer, written by a test endpoint. */
  createUser: CreateUser;
}

interface WorkerFixtures {
  /** The portals of this worker (`portalScope: 'worker'`), started when a test first asks. */
  workerPortals: WorkerPortals;
}

type PortalConfig = Omit<PortalOptions, 'portalScope'>;

interface WorkerPortals {
  get(config: PortalConfig): Promise<Portal>;
}

const DEFAULTS: PortalConfig = {
  providerHost: 'localhost',
  recordStore: undefined,
  portalSettings: {},
  identityProvider: 'embedded',
};

async function startPortal(
  config: PortalConfig,
): Promise<{ portal: Portal; server: PortalServer }> {
  if (config.identityProvider !== 'embedded') {
    const { email, firstName, lastName } = PROVIDER_USER;
    const server = await startExternalProviderPortal(config.identityProvider, PROVIDER_USER, {
      email,
      firstName,
      lastName,
    });
    const { url, issuer, provider, customerId } = server;
    return { portal: { url, issuer, external: { provider, customerId } }, server };
  }
  const server = await startPortalServer({
    providerHost: config.providerHost,
    ...(config.recordStore ? { recordStore: config.recordStore } : {}),
    settings: config.portalSettings,
  });
  const portal: Portal = {
    url: server.url,
    issuer: server.issuer,
    ...(server.dataverse ? { dataverseUrl: server.dataverse.url } : {}),
  };
  return { portal, server };
}

/** The shared portal fits unless an option asks for what the global setup did not start. */
function sharedPortalFits(config: PortalConfig): boolean {
  return (
    config.providerHost === DEFAULTS.providerHost &&
    (config.recordStore ?? suiteRecordStore()) === suiteRecordStore() &&
    Object.keys(config.portalSettings).length === 0 &&
    config.identityProvider === DEFAULTS.identityProvider
  );
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  // Every page notes the messages it shows, for expectToast (toasts.ts).
  context: async ({ context }, use) => {
    await recordToasts(context);
    await use(context);
  },

  portalScope: ['shared', { option: true }],
  providerHost: [DEFAULTS.providerHost, { option: true }],
  recordStore: [DEFAULTS.recordStore, { option: true }],
  portalSettings: [DEFAULTS.portalSettings, { option: true }],
  identityProvider: [DEFAULTS.identityProvider, { option: true }],

  workerPortals: [
    // eslint-disable-next-line no-empty-pattern -- Playwright needs the object pattern
    async ({}, use) => {
      const started = new Map<string, Promise<{ portal: Portal; server: PortalServer }>>();
      await use({
        get: async (config) => {
          const key = JSON.stringify(config);
          let entry = started.get(key);
          if (!entry) {
            entry = startPortal(config);
            started.set(key, entry);
          }
          return (await entry).portal;
        },
      });
      for (const entry of started.values()) {
        await entry.then(({ server }) => server.stop()).catch(() => undefined);
      }
    },
    { scope: 'worker', timeout: 120_000 },
  ],

  portal: [
    async (
      { portalScope, providerHost, recordStore, portalSettings, identityProvider, workerPortals },
      use,
    ) => {
      const config: PortalConfig = { providerHost, recordStore, portalSettings, identityProvider };
      if (portalScope === 'shared') {
        if (!sharedPortalFits(config)) {
          throw new Error(
            `the shared portal has none of ${JSON.stringify(config)}: use own or worker`,
          );
        }
        await use(sharedPortal());
      } else if (portalScope === 'worker') {
        await use(await workerPortals.get(config));
      } else {
        const { portal, server } = await startPortal(config);
        await use(portal);
        await server.stop();
      }
    },
    { timeout: 120_000 },
  ],

  createUser: async ({ portal, request }, use) => {
    await use(async (input = {}) => {
      const body: CreateUserBody = {
        email: `e2e-${randomUUID().slice(0, 12)}@example.com`,
        password: `Test-${randomUUID()}`,
        firstName: 'Erika',
        // A person's name has letters only (decision 0049): the digits of the id become letters.
        lastName: `Test-${randomUUID()
          .slice(0, 6)
          .replace(/\d/g, (digit) => 'ghijklmnop'[Number(digit)]!)}`,
        ...input,
      };
      const response = await request.post(`${portal.url}/api/v1${calls.atestCreateUser.path}`, {
        data: body,
      });
      expect(response.status(), await response.text()).toBe(201);
      const created = calls.atestCreateUser.response.parse(await response.json());
      return {
        email: body.email,
        password: body.password,
        name: [body.firstName, body.lastName].filter(Boolean).join(' '),
        ...created,
      };
    });
  },
});

export { expect };
