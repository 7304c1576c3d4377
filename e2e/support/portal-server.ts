import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startDataverseStandIn, type DataverseStandIn } from '@pp/dataverse-stand-in';
import { freePort } from './free-port.ts';
import { startPortalProcess } from './portal-process.ts';

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
    IDP_HOST: options.providerHost ?? 'localhost',
    PUBLIC_URL: url,
    DATA_DIR: path.join(folder, 'data'),
    DEMO_DATA: 'true',
    ENABLE_TEST_ENDPOINTS: 'true',
    LOG_LEVEL: 'info',
    // Two browsers and the embedded database share two cores: a busy second is no overload here.
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
  });
  const dataverse =
    (options.recordStore ?? suiteRecordStore()) === 'dataverse'
      ? await startDataverseStandIn({ httpControls: true })
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
