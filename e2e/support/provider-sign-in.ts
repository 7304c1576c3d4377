import { expect, type Page } from '@playwright/test';
import { calls } from '@pp/contract';
import type { Portal } from './portal.ts';
import { expectSignedInAs, submitCredentials } from './sign-in.ts';
import { decodeJwt, nextTokenResponse, tokensOf } from './tokens.ts';

/** A practice's employee who has used the portal before and now signs in with the provider. */
export const PROVIDER_USER = {
  email: 'karla.kessler@praxis-nord.example',
  password: 'Kessler-Passwort-7',
  name: 'Karla Kessler',
  firstName: 'Karla',
  lastName: 'Kessler',
};

/**
 * The portal of a spec of `specs/providers/`, one per worker, on a stand-in of this kind:
 * `test.use(providerPortal('keycloak'))`.
 */
export function providerPortal(kind: 'keycloak' | 'entra') {
  return { portalScope: 'worker', identityProvider: kind } as const;
}

/**
 * Opens the portal, signs in on the provider's own page and waits for the dashboard. Resolves
 * with the customer the api answered with and the access token the browser received.
 */
export async function signInThroughProvider(
  page: Page,
  portal: Portal,
): Promise<{
  customerId: string;
  header: Record<string, unknown>;
  payload: Record<string, unknown>;
}> {
  if (!portal.external) throw new Error('a portal on a stand-in provider (identityProvider)');
  const { provider } = portal.external;
  await page.goto(portal.url);
  await expect(page).toHaveURL((url) => url.href.startsWith(`${provider.issuer}/`));
  const tokenAnswer = nextTokenResponse(page, provider.issuer);
  const customerData = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === `/api/v1${calls.customerGetCustomerData.path}` &&
      response.status() === 200,
  );
  await submitCredentials(page, PROVIDER_USER.email, PROVIDER_USER.password);
  const customer = (await (await customerData).json()) as { customerId: string };
  await expect(page).toHaveURL((url) => url.origin === portal.url && url.pathname === '/dashboard');
  await expectSignedInAs(page, PROVIDER_USER.name);
  const { access_token } = await tokensOf(await tokenAnswer);
  return { customerId: customer.customerId, ...decodeJwt(access_token) };
}
