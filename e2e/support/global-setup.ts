import { chromium } from '@playwright/test';
import { buildWebIfStale } from './build-web.ts';
import { missingBrowserMessage } from './chromium.ts';
import { startPortalServer } from './portal-server.ts';

/**
 * Builds the web app when its build is stale and starts the portal every spec shares; the
 * workers find it through the environment they inherit.
 */
export default async function globalSetup() {
  const missing = missingBrowserMessage(chromium.executablePath());
  if (missing) throw new Error(missing);
  buildWebIfStale();
  const server = await startPortalServer();
  process.env['E2E_PORTAL_URL'] = server.url;
  process.env['E2E_ISSUER'] = server.issuer;
  return () => server.stop();
}
