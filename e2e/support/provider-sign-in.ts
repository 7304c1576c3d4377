import { expect, test as base, type Page } from '@playwright/test';
import { calls } from '@pp/contract';
import { freePort } from './free-port.ts';
import { startProviderPortal, type ProviderPortal } from './provider-portal.ts';
import type { StandInKind } from './provider-profiles.ts';
import { startProviderStandIn, type ProviderStandIn } from './provider-stand-in.ts';
import { expectSignedInAs, submitCredentials } from './sign-in.ts';
import { decodeJwt, nextTokenResponse, tokensOf } from './tokens.ts';

/** A practice's employee who has used the portal before and now signs in with the provider. */
export const PROVIDER_USER = {
  email: 'karla.kessler@praxis-nord.example',
  password: 'Kessler-Passwort-7',
  name: 'Karla Kessler',
};

interface ProviderFixtures {
  /** A stand-in provider of this kind, and a portal of its own pointed at it. */
  setup: { provider: ProviderStandIn; portal: ProviderPortal; customerId: string };
}

/** Specs of `specs/providers/`: one provider and one portal per worker. */
export function providerTest(kind: StandInKind) {
  return base.extend<object, ProviderFixtures>({
    setup: [
      // eslint-disable-next-line no-empty-pattern -- Playwright needs the object pattern
      async ({}, use) => {
        const port = await freePort();
        const provider = await startProviderStandIn(kind, `http://localhost:${port}`, [
          PROVIDER_USER,
        ]);
        const customer = { email: PROVIDER_USER.email, firstName: 'Karla', lastName: 'Kessler' };
        const portal = await startProviderPortal(port, provider, customer).catch(
          async (error: unknown) => {
            await provider.close();
            throw error;
          },
        );
        await use({ provider, portal, customerId: portal.customerId });
        await portal.stop();
        await provider.close();
      },
      { scope: 'worker', timeout: 120_000 },
    ],
  });
}

/**
 * Opens the portal, signs in on the provider's own page and waits for the dashboard. Resolves
 * with the customer the api answered with and the access token the browser received.
 */
export async function signInThroughProvider(
  page: Page,
  setup: ProviderFixtures['setup'],
): Promise<{
  customerId: string;
  header: Record<string, unknown>;
  payload: Record<string, unknown>;
}> {
  const { provider, portal } = setup;
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
