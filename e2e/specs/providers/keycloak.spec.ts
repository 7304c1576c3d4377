import { expect, test } from '../../support/fixtures.ts';
import { providerPortal, signInThroughProvider } from '../../support/provider-sign-in.ts';

test.use(providerPortal('keycloak'));

test('a portal on a Keycloak-style provider signs in through its pages and links the customer', async ({
  page,
  portal,
}) => {
  const signedIn = await signInThroughProvider(page, portal);
  const { provider, customerId } = portal.external!;
  expect(signedIn.customerId).toBe(customerId);
  // The token is Keycloak's kind, not RFC 9068's: the api took it under OIDC_PROVIDER=keycloak.
  expect(signedIn.header['typ']).toBe('JWT');
  expect(signedIn.payload).toMatchObject({
    iss: provider.issuer,
    azp: provider.clientId,
    typ: 'Bearer',
    email: 'karla.kessler@praxis-nord.example',
  });
  expect(signedIn.payload['client_id']).toBeUndefined();
  expect(String(signedIn.payload['scope']).split(' ')).toContain('portal:api');
  expect(new URL(provider.issuer).pathname).toBe('/realms/praxis');
});
