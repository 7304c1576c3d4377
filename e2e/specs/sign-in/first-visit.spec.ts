import type { Request } from '@playwright/test';
import { expect, test } from '../../support/fixtures.ts';
import { signInForm } from '../../support/sign-in.ts';

// Issue 13: a signed-out visitor reaches the provider's sign-in page after at most 30 KB of the
// portal's JavaScript on the wire, compressed; the app itself is not loaded (decision 0034).
const BUDGET = 30 * 1024;

interface Script {
  path: string;
  encoding: string | undefined;
  bytes: number;
}

test('a signed-out first visit reaches the sign-in page after at most 30 KB of compressed JavaScript', async ({
  page,
  portal,
}) => {
  const pending: Promise<Script | undefined>[] = [];
  page.on('requestfinished', (request: Request) => {
    const url = new URL(request.url());
    if (url.origin !== portal.url || request.resourceType() !== 'script') return;
    pending.push(
      (async () => {
        const response = await request.response();
        const sizes = await request.sizes();
        return {
          path: url.pathname,
          encoding: response?.headers()['content-encoding'],
          bytes: sizes.responseBodySize,
        };
      })(),
    );
  });

  await page.goto(`${portal.url}/dashboard`);
  await expect(page).toHaveURL((url) => url.origin === portal.issuer);
  await expect(signInForm(page).password).toBeVisible();

  const scripts = (await Promise.all(pending)).filter((script) => script !== undefined);
  const paths = scripts.map((script) => script.path);
  expect(paths.some((path) => /^\/assets\/index-/.test(path))).toBe(true);
  expect(paths.filter((path) => /^\/assets\/main-/.test(path))).toEqual([]);
  for (const script of scripts.filter((s) => s.path.startsWith('/assets/') && s.bytes > 1024)) {
    expect(script.encoding, script.path).toBe('br');
  }
  const total = scripts.reduce((sum, script) => sum + script.bytes, 0);
  expect(total).toBeGreaterThan(0);
  expect(total).toBeLessThanOrEqual(BUDGET);
});
