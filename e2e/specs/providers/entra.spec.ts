import { expect, test } from '../../support/fixtures.ts';
import { providerPortal, signInThroughProvider } from '../../support/provider-sign-in.ts';

test.use(providerPortal('entra'));

test('a portal on an Entra-style provider (v2) signs in through its pages and links the customer', async ({
  page,
  portal,
}) => {
  const signedIn = await signInThroughProvider(page, portal);
  const { provider, customerId } = portal.external!;
  expect(signedIn.customerId).toBe(customerId);
  expect(signedIn.header['typ']).toBe('JWT');
  expect(signedIn.payload).toMatchObject({
    iss: provider.issuer,
    aud: provider.audience,
    azp: provider.clientId,
    scp: 'portal.api',
    ver: '2.0',
  });
  expect(signedIn.payload['scope']).toBeUndefined();
  // Entra's v2 endpoint takes no resource indicator: the api is named by the scope alone.
  expect(provider.authorizeRequests.every((request) => !request.has('resource'))).toBe(true);
  expect(provider.authorizeRequests[0]?.get('scope')).toContain(provider.apiScope);
});
