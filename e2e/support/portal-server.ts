import { execFileSync } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startDataverseStandIn, type DataverseStandIn } from '@pp/dataverse-stand-in';
import { freePort } from './free-port.ts';
import { REPO_ROOT } from './paths.ts';
import { startPortalProcess } from './portal-process.ts';
import type { StandInKind } from './provider-profiles.ts';
import {
  startProviderStandIn,
  type ProviderStandIn,
  type StandInUser,
} from './provider-stand-in.ts';

export interface PortalServer {
  /** Where the browser opens the portal, e.g. `http://localhost:41234`. */
  url: string;
  /** The embedded provider's issuer (its origin). */
  issuer: string;
  /** The stand-in Dataverse the portal keeps its records in, with the builtin store none. */
  dataverse?: DataverseStandIn;
  stop(): Promise<void>;
}

export interface PortalServerOptions {
  /**
   * The host the browser reaches the provider under. `127.0.0.1` puts it on another site than
   * the portal (`localhost`), where a hidden frame cannot see the provider's session cookie.
   */
  providerHost?: 'localhost' | '127.0.0.1';
  /**
   * Where the portal keeps its customer records (decisions 0061, 0063): in a stand-in Dataverse
   * of its own (`CRM_PROVIDER=dataverse`, its changes read every `CRM_SYNC_SECONDS`), or in its
   * own database. Default: `E2E_RECORD_STORE`, else `dataverse`.
   */
  recordStore?: RecordStore;
  /** Settings of the operator's the portal starts with, e.g. `PORTAL_NAME` (look-brand.spec.ts). */
  settings?: Record<string, string>;
}

export type RecordStore = 'builtin' | 'dataverse';

/** The operator endpoints' token of the suite's portals (`/operator/crm`). */
export const E2E_OPERATOR_TOKEN = 'e2e-operator-token-0123456789abcdefghij';

/** The record store of the suite's portals: `E2E_RECORD_STORE=builtin` runs it without a CRM. */
export function suiteRecordStore(): RecordStore {
  return process.env['E2E_RECORD_STORE'] === 'builtin' ? 'builtin' : 'dataverse';
}

/** How often the shared portal reads the stand-in's changes: a spec waits one interval. */
export const E2E_CRM_SYNC_SECONDS = 5;

// Settings of the developer's shell that would point the app elsewhere.
const INHERITED_SETTINGS_DROPPED = [
  'DATABASE_URL',
  'OIDC_ISSUER',
  'OIDC_CLIENT_ID',
  'OIDC_AUDIENCE',
  'SMTP_URL',
  'REDIS_URL',
  'TRUST_PROXY',
  'NODE_ENV',
  'CRM_PROVIDER',
  'DATAVERSE_URL',
  'DATAVERSE_AUTHORITY',
  'DATAVERSE_MAPPING_FILE',
  'OPERATOR_TOKEN',
];

/**
 * The whole app as `npm start` runs it (api, web, embedded provider) on free ports, with a
 * throw-away data folder, the demo data and the test endpoints.
 */
export async function startPortalServer(options: PortalServerOptions = {}): Promise<PortalServer> {
  const port = await freePort();
  let idpPort = await freePort();
  while (idpPort === port) idpPort = await freePort();
  const folder = await mkdtemp(path.join(tmpdir(), 'pp-e2e-'));
  const url = `http://localhost:${port}`;
  const issuer = `http://${options.providerHost ?? 'localhost'}:${idpPort}`;

  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of INHERITED_SETTINGS_DROPPED) delete env[name];
  Object.assign(env, {
    PORT: String(port),
    IDP_PORT: String(idpPort),
    MANAGEMENT_PORT: String(await freePort()),
    IDP_HOST: options.providerHost ?? 'localhost',
    PUBLIC_URL: url,
    DATA_DIR: path.join(folder, 'data'),
    DEMO_DATA: 'true',
    ENABLE_TEST_ENDPOINTS: 'true',
    LOG_LEVEL: 'info',
    // Two browsers and the embedded database share two cores: a busy second is no overload here.
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
    ...options.settings,
  });
  const dataverse =
    (options.recordStore ?? suiteRecordStore()) === 'dataverse'
      ? // Schema names with a publisher prefix in mixed case (`PP_AccountId`), as a maker's
        // environment may have them: every lookup the portal writes is named by the metadata.
        await startDataverseStandIn({ httpControls: true, schemaPrefix: 'PP' })
      : undefined;
  if (dataverse) {
    Object.assign(env, {
      CRM_PROVIDER: 'dataverse',
      DATAVERSE_URL: dataverse.url,
      DATAVERSE_AUTHORITY: dataverse.url,
      DATAVERSE_TENANT_ID: '11111111-2222-3333-4444-555555555555',
      DATAVERSE_CLIENT_ID: '66666666-7777-8888-9999-000000000000',
      DATAVERSE_CLIENT_SECRET: 'stand-in-secret',
      CRM_SYNC_SECONDS: String(E2E_CRM_SYNC_SECONDS),
      OPERATOR_TOKEN: E2E_OPERATOR_TOKEN,
    });
  }
  const portal = await startPortalProcess(env, folder, [
    `${url}/api/v1/Lifetime/IsAlive`,
    `${issuer}/.well-known/openid-configuration`,
  ]).catch(async (error: unknown) => {
    await dataverse?.stop();
    throw error;
  });
  const stop = async () => {
    await portal.stop();
    await dataverse?.stop();
  };
  return { url, issuer, stop, ...(dataverse ? { dataverse } : {}) };
}

export interface ExistingCustomer {
  email: string;
  firstName: string;
  lastName: string;
}

/** Migrates a new embedded database in `dataDir` and writes the customer (provider-seed.ts). */
function seedCustomer(dataDir: string, customer: ExistingCustomer): string {
  const output = execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'e2e/support/provider-seed.ts',
      dataDir,
      customer.email,
      customer.firstName,
      customer.lastName,
    ],
    { cwd: REPO_ROOT, encoding: 'utf8', timeout: 90_000 },
  );
  return output.trim();
}

/**
 * The whole app (`apps/api/src/main.ts`) pointed at an external provider with `OIDC_ISSUER`,
 * `OIDC_CLIENT_ID`, `OIDC_AUDIENCE`, `OIDC_PROVIDER` (and `OIDC_API_SCOPE`), on a throw-away
 * embedded database holding one customer: no embedded provider, no demo data, no test endpoints.
 */
async function startAppOnProvider(
  port: number,
  provider: ProviderStandIn,
  customer: ExistingCustomer,
): Promise<{ url: string; customerId: string; stop(): Promise<void> }> {
  const folder = await mkdtemp(path.join(tmpdir(), 'pp-e2e-provider-'));
  const dataDir = path.join(folder, 'data');
  const customerId = seedCustomer(dataDir, customer);
  const url = `http://localhost:${port}`;

  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of [
    'NODE_ENV',
    'DATABASE_URL',
    'SMTP_URL',
    'REDIS_URL',
    'TRUST_PROXY',
    'DEMO_DATA',
  ])
    delete env[name];
  Object.assign(env, {
    PORT: String(port),
    IDP_PORT: String(await freePort()),
    MANAGEMENT_PORT: String(await freePort()),
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    OIDC_PROVIDER: provider.kind,
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_AUDIENCE: provider.audience,
    OIDC_API_SCOPE: provider.apiScope,
    LOG_LEVEL: 'info',
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
  });
  const { stop } = await startPortalProcess(env, folder, [`${url}/api/v1/Lifetime/IsAlive`]);
  return { url, customerId, stop };
}

/**
 * A stand-in provider of this kind (provider-stand-in.ts) that knows `user`, and the whole app
 * pointed at it, whose database holds `user` as a customer.
 */
export async function startExternalProviderPortal(
  kind: StandInKind,
  user: StandInUser,
  customer: ExistingCustomer,
): Promise<PortalServer & { provider: ProviderStandIn; customerId: string }> {
  const port = await freePort();
  const provider = await startProviderStandIn(kind, `http://localhost:${port}`, [user]);
  const app = await startAppOnProvider(port, provider, customer).catch(async (error: unknown) => {
    await provider.close();
    throw error;
  });
  const stop = async () => {
    await app.stop();
    await provider.close();
  };
  return { url: app.url, issuer: provider.issuer, provider, customerId: app.customerId, stop };
}
