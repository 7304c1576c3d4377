import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CustomerSchema } from '@pp/contract';
import { expectProblem } from '../../support/expect-problem.ts';
import { createCustomer, uniqueEmail } from '../../support/factories.ts';
import { useProviderApi, type ProviderApi } from './provider-app.ts';
import type { MintRequest } from './provider-issuer.ts';

async function getCustomerData(api: ProviderApi, subject: string, request: MintRequest = {}) {
  const token = await api.issuer.mint(subject, request);
  return api.client.customer.getCustomerData({ token });
}

/** The first sign-in links the identity to the customer with exactly this address. */
async function expectLinkedTo(api: ProviderApi, subject: string, request: MintRequest = {}) {
  const email = uniqueEmail('linked');
  const customer = await createCustomer(api.db.database.db, { email });
  const response = await getCustomerData(api, subject, {
    ...request,
    claims: { ...request.claims, ...(request.claims?.['email'] ? { email } : {}) },
  });
  expect(response.statusCode).toBe(200);
  expect(CustomerSchema.parse(response.json())).toMatchObject({ customerId: customer.id, email });
  return email;
}

describe('Keycloak: e-mail claims of the access token (email client scope)', () => {
  const api = useProviderApi('keycloak');

  it('links the first sign-in to the customer with the verified address', async () => {
    await expectLinkedTo(api, randomUUID(), { claims: { email: 'x', email_verified: true } });
  });

  it('refuses an unverified address with 403 identity_unverified', async () => {
    const response = await getCustomerData(api, randomUUID(), {
      claims: { email: uniqueEmail('kc'), email_verified: false },
    });
    expectProblem(response, 403, 'identity_unverified');
  });

  it("refuses Keycloak's ID token as a bearer token", async () => {
    const token = await api.issuer.idToken(randomUUID(), { email: uniqueEmail('id') });
    const response = await api.client.customer.getCustomerData({ token });
    expectProblem(response, 401, 'unauthenticated');
  });
});

describe('Auth0: the address comes from its userinfo endpoint', () => {
  const api = useProviderApi('auth0');

  it('links the first sign-in to the customer userinfo names, verified', async () => {
    const subject = `auth0|${randomUUID()}`;
    const email = uniqueEmail('a0');
    const customer = await createCustomer(api.db.database.db, { email });
    api.issuer.userinfo.set(subject, { email, email_verified: true });
    const response = await getCustomerData(api, subject);
    expect(response.statusCode).toBe(200);
    expect(CustomerSchema.parse(response.json()).customerId).toBe(customer.id);
  });

  it('does not take e-mail claims from the access token (Auth0 adds none of its own)', async () => {
    const subject = `auth0|${randomUUID()}`;
    api.issuer.userinfo.set(subject, { email: uniqueEmail('a0'), email_verified: false });
    const response = await getCustomerData(api, subject, {
      claims: { email: uniqueEmail('claimed'), email_verified: true },
    });
    expectProblem(response, 403, 'identity_unverified');
  });
});

describe("Entra ID: Microsoft's rules for the e-mail", () => {
  const api = useProviderApi('entra');

  it('links the first sign-in when the domain owner verified the address (xms_edov)', async () => {
    await expectLinkedTo(api, randomUUID(), { claims: { email: 'x', xms_edov: true } });
  });

  it('refuses an email claim without xms_edov, and one with xms_edov false', async () => {
    for (const claims of [{}, { xms_edov: false }, { xms_edov: 'true' }]) {
      const response = await getCustomerData(api, randomUUID(), {
        claims: { email: uniqueEmail('entra'), email_verified: true, ...claims },
      });
      expectProblem(response, 403, 'identity_unverified');
    }
  });

  it('never takes preferred_username for a verified address, nor asks userinfo', async () => {
    const subject = randomUUID();
    const email = uniqueEmail('upn');
    await createCustomer(api.db.database.db, { email });
    api.issuer.userinfo.set(subject, { email, email_verified: true });
    const response = await getCustomerData(api, subject, {
      claims: { preferred_username: email, upn: email, xms_edov: true },
    });
    expectProblem(response, 403, 'identity_unverified');
  });
});
