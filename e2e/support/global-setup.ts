import { chromium } from '@playwright/test';
import { buildWebIfStale } from './build-web.ts';
import { missingBrowserMessage } from './chromium.ts';
import { startPortalServer } from './portal-server.ts';

/**
 * Builds the web app when its build is stale and starts the portal every spec shares; the
 * workers find it through the environment they inherit.
 *
 * The shared portal, like the fresh and own portals of specs, keeps its customer records in a
 * stand-in Dataverse (decision 0063), so the suite runs the screens over the CRM's mirror and
 * outbox; `E2E_RECORD_STORE=builtin` runs it on the built-in store instead.
 */
export default async function globalSetup() {
  const missing = missingBrowserMessage(chromium.executablePath());
  if (missing) throw new Error(missing);
  buildWebIfStale();
  const server = await startPortalServer();
  process.env['E2E_PORTAL_URL'] = server.url;
  process.env['E2E_ISSUER'] = server.issuer;
  if (server.dataverse) process.env['E2E_DATAVERSE_URL'] = server.dataverse.url;
  return () => server.stop();
}
