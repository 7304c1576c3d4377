import { test as base } from './fixtures.ts';
import type { Portal } from './portal.ts';
import { startPortalServer } from './portal-server.ts';

interface FreshPortalFixtures {
  /**
   * A portal of this worker's own, with a new database and the demo data, for specs that change
   * the demo users' data or count failed sign-ins (docs/product.md §8). Its tests must not rely on
   * each other's changes.
   */
  freshPortal: Portal;
}

/**
 * The fixtures of `fixtures.ts` on a fresh portal: `portal` (and with it `createUser`) is this
 * worker's own. Open `portal.url` before `signIn`, which otherwise opens the shared portal.
 */
export const test = base.extend<object, FreshPortalFixtures>({
  freshPortal: [
    // eslint-disable-next-line no-empty-pattern -- Playwright needs the object pattern
    async ({}, use) => {
      const server = await startPortalServer();
      await use({
        url: server.url,
        issuer: server.issuer,
        ...(server.dataverse ? { dataverseUrl: server.dataverse.url } : {}),
      });
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  portal: async ({ freshPortal }, use) => {
    await use(freshPortal);
  },
});

export { expect } from './fixtures.ts';
