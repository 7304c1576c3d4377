import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { test as base } from './fixtures.ts';
import { freePort } from './free-port.ts';
import type { Portal } from './portal.ts';
import { startPortalProcess } from './portal-process.ts';

const CLIENT_ID = 'practice-portal-web';

/**
 * The provider's sign-in page as the portal opens it: its authorize request with `params`
 * (`pp_theme`, `pp_notice`, `ui_locales` …). The code it would return is never used.
 */
export async function openProviderSignIn(
  page: Page,
  portal: Portal,
  params: Record<string, string> = {},
) {
  const url = new URL('/auth', portal.issuer);
  const all = {
    client_id: CLIENT_ID,
    response_type: 'code',
    redirect_uri: `${portal.url}/`,
    scope: 'openid',
    state: randomBytes(8).toString('hex'),
    code_challenge: randomBytes(32).toString('base64url'),
    code_challenge_method: 'S256',
    ...params,
  };
  for (const [name, value] of Object.entries(all)) url.searchParams.set(name, value);
  await page.goto(url.href);
  await expect(page.locator('input[autocomplete="current-password"]')).toBeVisible();
}

/** The page's background colour as the browser painted it. */
export function backgroundOf(page: Page): Promise<string> {
  return page.evaluate(() => getComputedStyle(document.body).backgroundColor);
}

/** The provider pages' backgrounds (styles.css `--bg`). */
export const BACKGROUNDS = { light: 'rgb(248, 249, 250)', dark: 'rgb(31, 31, 31)' } as const;

interface NamedPortalFixtures {
  /** A portal of the test's own with these settings (PORTAL_NAME, LOGO_URL …). */
  portalSettings: Record<string, string>;
  namedPortal: Portal;
}

/**
 * A portal of the test's own, started with `portalSettings` in its environment, as the shared
 * portal (`portal-server.ts`) is started otherwise.
 */
export const namedPortalTest = base.extend<NamedPortalFixtures>({
  portalSettings: [{}, { option: true }],
  namedPortal: [
    async ({ portalSettings }, use) => {
      const port = await freePort();
      let idpPort = await freePort();
      while (idpPort === port) idpPort = await freePort();
      const folder = await mkdtemp(path.join(tmpdir(), 'pp-e2e-look-'));
      const url = `http://localhost:${port}`;
      const issuer = `http://localhost:${idpPort}`;
      const env: NodeJS.ProcessEnv = { ...process.env };
      for (const name of ['DATABASE_URL', 'OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_AUDIENCE']) {
        delete env[name];
      }
      for (const name of ['SMTP_URL', 'REDIS_URL', 'TRUST_PROXY', 'NODE_ENV']) delete env[name];
      Object.assign(env, {
        PORT: String(port),
        IDP_PORT: String(idpPort),
        IDP_HOST: 'localhost',
        PUBLIC_URL: url,
        DATA_DIR: path.join(folder, 'data'),
        DEMO_DATA: 'true',
        LOG_LEVEL: 'info',
        OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
        ...portalSettings,
      });
      const { stop } = await startPortalProcess(env, folder, [
        `${url}/api/v1/Lifetime/IsAlive`,
        `${issuer}/.well-known/openid-configuration`,
      ]);
      await use({ url, issuer });
      await stop();
    },
    { timeout: 120_000 },
  ],
});
