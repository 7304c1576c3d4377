import type { APIRequestContext } from '@playwright/test';
import { z } from 'zod';
import { WebConfigurationSchema } from '@pp/contract';
import { expect, test } from '../../support/fixtures.ts';
import { signIn, signInForm, signOut } from '../../support/sign-in.ts';
import { decodeJwt, nextTokenResponse, tokensOf } from '../../support/tokens.ts';

/**
 * docs/product.md §2: access tokens live at most 10 minutes; the embedded provider issues exactly
 * that.
 */
const ACCESS_TOKEN_SECONDS = 10 * 60;

const TokenError = z.object({ error: z.string() });

async function configurationOf(request: APIRequestContext, portalUrl: string) {
  const response = await request.get(`${portalUrl}/app-config.json`);
  return WebConfigurationSchema.parse(await response.json());
}

/** What the browser would send to renew its tokens, sent directly to the token endpoint. */
function refresh(request: APIRequestContext, issuer: string, clientId: string, token: string) {
  return request.post(`${issuer}/token`, {
    form: { grant_type: 'refresh_token', refresh_token: token, client_id: clientId },
  });
}

async function expectRefused(response: Awaited<ReturnType<typeof refresh>>) {
  expect(response.status()).toBe(400);
  expect(TokenError.parse(await response.json()).error).toBe('invalid_grant');
}

test('the access token is a JWT for the configured audience that lives 10 minutes', async ({
  page,
  portal,
  request,
  createUser,
}) => {
  const { oidc } = await configurationOf(request, portal.url);
  const user = await createUser();
  await page.goto(portal.url);
  const tokenResponse = nextTokenResponse(page, portal.issuer);
  const apiRequest = page.waitForRequest(
    (r) => new URL(r.url()).pathname === '/api/v1/Customer/GetCustomerData',
  );
  await signIn(page, user.email, user.password);

  const tokens = await tokensOf(await tokenResponse);
  expect(tokens.token_type).toBe('Bearer');
  expect(tokens.expires_in).toBeLessThanOrEqual(ACCESS_TOKEN_SECONDS);
  expect(tokens.expires_in).toBeGreaterThan(ACCESS_TOKEN_SECONDS - 10);
  const { header, payload } = decodeJwt(tokens.access_token);
  expect(header['typ']).toBe('at+jwt');
  expect(payload['iss']).toBe(portal.issuer);
  expect([payload['aud']].flat()).toEqual([oidc.audience]);
  expect(Number(payload['exp']) - Number(payload['iat'])).toBe(ACCESS_TOKEN_SECONDS);
  expect(String(payload['scope']).split(' ')).toContain('portal:api');
  // The api receives exactly this token.
  expect((await apiRequest).headers()['authorization']).toBe(`Bearer ${tokens.access_token}`);
});

test('a refresh token used twice is refused and ends the session', async ({
  page,
  portal,
  request,
  createUser,
}) => {
  const { oidc } = await configurationOf(request, portal.url);
  const user = await createUser();
  await page.goto(portal.url);
  const tokenResponse = nextTokenResponse(page, portal.issuer);
  await signIn(page, user.email, user.password);
  const stolen = (await tokensOf(await tokenResponse)).refresh_token;

  const first = await refresh(request, portal.issuer, oidc.clientId, stolen);
  expect(first.status()).toBe(200);
  const rotated = (await tokensOf(first)).refresh_token;
  expect(rotated).not.toBe(stolen);

  await expectRefused(await refresh(request, portal.issuer, oidc.clientId, stolen));
  // The reuse revoked the whole grant, the rotated token included …
  await expectRefused(await refresh(request, portal.issuer, oidc.clientId, rotated));
  // … and ended the provider session: the next page load asks for the password again.
  await page.reload();
  await expect(signInForm(page).password).toBeVisible();
  await expect(page).toHaveURL((url) => url.origin === portal.issuer);
});

test('signing out ends the refresh token', async ({ page, portal, request, createUser }) => {
  const { oidc } = await configurationOf(request, portal.url);
  const user = await createUser();
  await page.goto(portal.url);
  const tokenResponse = nextTokenResponse(page, portal.issuer);
  await signIn(page, user.email, user.password);
  const refreshToken = (await tokensOf(await tokenResponse)).refresh_token;

  await signOut(page);
  await expect(signInForm(page).password).toBeVisible();

  await expectRefused(await refresh(request, portal.issuer, oidc.clientId, refreshToken));
});
