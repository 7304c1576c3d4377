import { expect } from '@playwright/test';
import { providerTest, signInThroughProvider } from '../../support/provider-sign-in.ts';

const test = providerTest('keycloak');

test('a portal on a Keycloak-style provider signs in through its pages and links the customer', async ({
  page,
  setup,
}) => {
  const signedIn = await signInThroughProvider(page, setup);
  expect(signedIn.customerId).toBe(setup.customerId);
  // The token is Keycloak's kind, not RFC 9068's: the api took it under OIDC_PROVIDER=keycloak.
  expect(signedIn.header['typ']).toBe('JWT');
  expect(signedIn.payload).toMatchObject({
    iss: setup.provider.issuer,
    azp: setup.provider.clientId,
    typ: 'Bearer',
    email: 'karla.kessler@praxis-nord.example',
  });
  expect(signedIn.payload['client_id']).toBeUndefined();
  expect(String(signedIn.payload['scope']).split(' ')).toContain('portal:api');
  expect(new URL(setup.provider.issuer).pathname).toBe('/realms/praxis');
});
