import { test as base } from './fixtures.ts';
import type { Portal } from './portal.ts';
import { startPortalServer } from './portal-server.ts';

interface OwnPortalFixtures {
  /**
   * A portal of this test's own, with a new database and the demo data, for a spec that changes
   * the demo users' roles: the worker's fresh portal (fresh-portal.ts) is shared by the specs the
   * worker runs, and they expect the demo roles of docs/product.md §8.
   */
  ownPortal: Portal;
}

/** The fixtures of `fixtures.ts` on a portal of the test's own. Open `portal.url` before `signIn`. */
export const test = base.extend<OwnPortalFixtures>({
  ownPortal: [
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
    { timeout: 120_000 },
  ],
  portal: async ({ ownPortal }, use) => {
    await use(ownPortal);
  },
});

export { expect } from './fixtures.ts';
