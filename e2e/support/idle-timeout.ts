import type { Page } from '@playwright/test';

/**
 * The deployment's `IDLE_TIMEOUT_MINUTES` for this page only, as `/app-config.json` would carry
 * it: the shared portal runs with the default 30, and a spec moves the browser's clock instead of
 * waiting.
 */
export async function withIdleTimeout(page: Page, minutes: number): Promise<void> {
  await page.route('**/app-config.json', async (route) => {
    const response = await route.fetch();
    await route.fulfill({
      response,
      json: { ...(await response.json()), idleTimeoutMinutes: minutes },
    });
  });
}
