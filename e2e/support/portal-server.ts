import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.ts';
import { startPortalProcess } from './portal-process.ts';

export interface PortalServer {
  /** Where the browser opens the portal, e.g. `http://localhost:41234`. */
  url: string;
  /** The embedded provider's issuer (its origin). */
  issuer: string;
  stop(): Promise<void>;
}

export interface PortalServerOptions {
  /**
   * The host the browser reaches the provider under. `127.0.0.1` puts it on another site than
   * the portal (`localhost`), where a hidden frame cannot see the provider's session cookie.
   */
  providerHost?: 'localhost' | '127.0.0.1';
}

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
  const { stop } = await startPortalProcess(env, folder, [
    `${url}/api/v1/Lifetime/IsAlive`,
    `${issuer}/.well-known/openid-configuration`,
  ]);
  return { url, issuer, stop };
}
