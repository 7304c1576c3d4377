import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import type { Portal } from './portal.ts';

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
