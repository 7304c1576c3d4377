import { expect } from '@playwright/test';
import { providerTest, signInThroughProvider } from '../../support/provider-sign-in.ts';

const test = providerTest('entra');

test('a portal on an Entra-style provider (v2) signs in through its pages and links the customer', async ({
  page,
  setup,
}) => {
  const signedIn = await signInThroughProvider(page, setup);
  expect(signedIn.customerId).toBe(setup.customerId);
  expect(signedIn.header['typ']).toBe('JWT');
  expect(signedIn.payload).toMatchObject({
    iss: setup.provider.issuer,
    aud: setup.provider.audience,
    azp: setup.provider.clientId,
    scp: 'portal.api',
    ver: '2.0',
  });
  expect(signedIn.payload['scope']).toBeUndefined();
  // Entra's v2 endpoint takes no resource indicator: the api is named by the scope alone.
  expect(setup.provider.authorizeRequests.every((request) => !request.has('resource'))).toBe(true);
  expect(setup.provider.authorizeRequests[0]?.get('scope')).toContain(setup.provider.apiScope);
});
