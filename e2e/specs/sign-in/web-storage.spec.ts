import type { Page } from '@playwright/test';
import { expect, test } from '../../support/fixtures.ts';
import { customerDataLoaded, signIn } from '../../support/sign-in.ts';
import { nextTokenResponse, tokensOf, type TokenResponse } from '../../support/tokens.ts';

async function webStorage(page: Page) {
  return page.evaluate(() => ({
    localStorage: Object.entries(window.localStorage),
    sessionStorage: Object.entries(window.sessionStorage),
  }));
}

/** No entry holds a token, and the sign-in request's state is gone. */
async function expectNoTokenStored(page: Page, tokens: TokenResponse) {
  const secrets = [tokens.access_token, tokens.refresh_token, tokens.id_token].filter(
    (secret): secret is string => !!secret,
  );
  const storage = await webStorage(page);
  for (const [area, entries] of Object.entries(storage)) {
    for (const [key, value] of entries) {
      expect(key, `${area} key`).not.toMatch(/oidc|token|user/i);
      // A JWT starts with a base64url-encoded JSON object: `eyJ`.
      expect(value, `${area}["${key}"]`).not.toMatch(/eyJ[\w-]+\.[\w-]+/);
      for (const secret of secrets) expect(value, `${area}["${key}"]`).not.toContain(secret);
    }
  }
}

test('after sign-in and after a reload, web storage holds no token', async ({
  page,
  portal,
  createUser,
}) => {
  const user = await createUser();
  await page.goto(portal.url);
  const signInTokens = nextTokenResponse(page, portal.issuer);
  await signIn(page, user.email, user.password);
  await expectNoTokenStored(page, await tokensOf(await signInTokens));

  const reloadTokens = nextTokenResponse(page, portal.issuer);
  const loaded = customerDataLoaded(page);
  await page.reload();
  await loaded;
  await expectNoTokenStored(page, await tokensOf(await reloadTokens));
});
