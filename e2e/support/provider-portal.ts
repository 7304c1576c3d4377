import { execFileSync } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.ts';
import { REPO_ROOT } from './paths.ts';
import { startPortalProcess } from './portal-process.ts';
import type { ProviderStandIn } from './provider-stand-in.ts';

const STARTUP_TIMEOUT_MS = 90_000;

export interface ExistingCustomer {
  email: string;
  firstName: string;
  lastName: string;
}

export interface ProviderPortal {
  url: string;
  /** The id of the customer written before the start. */
  customerId: string;
  stop(): Promise<void>;
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
    { cwd: REPO_ROOT, encoding: 'utf8', timeout: STARTUP_TIMEOUT_MS },
  );
  return output.trim();
}

/**
 * The whole app (`apps/api/src/main.ts`) pointed at an external provider with `OIDC_ISSUER`,
 * `OIDC_CLIENT_ID`, `OIDC_AUDIENCE`, `OIDC_PROVIDER` (and `OIDC_API_SCOPE`), on a throw-away
 * embedded database holding one customer: no embedded provider, no demo data, no test endpoints.
 */
export async function startProviderPortal(
  port: number,
  provider: ProviderStandIn,
  customer: ExistingCustomer,
): Promise<ProviderPortal> {
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
