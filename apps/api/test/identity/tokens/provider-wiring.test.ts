import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PROVIDER_NAMES } from '../../../src/lib/tokens/provider-profiles.ts';
import { expectProblem } from '../../support/expect-problem.ts';
import { uniqueEmail } from '../../support/factories.ts';
import { useProviderApi } from './provider-app.ts';

// The api as main.ts builds it from OIDC_* settings: the profile, client and scope reach the verifier.
describe.each(PROVIDER_NAMES)('the api started with OIDC_PROVIDER=%s', (provider) => {
  const api = useProviderApi(provider);
  const get = (token: string) => api.client.customer.getCustomerData({ token });
  const email = () =>
    provider === 'entra'
      ? { email: uniqueEmail('w'), xms_edov: true }
      : { email: uniqueEmail('w'), email_verified: true };

  it("accepts the provider's access token", async () => {
    const subject = randomUUID();
    if (provider === 'auth0') {
      api.issuer.userinfo.set(subject, { email: uniqueEmail('w'), email_verified: true });
    }
    expect((await get(await api.issuer.mint(subject, { claims: email() }))).statusCode).toBe(200);
  });

  it('refuses its ID token, a token for another audience and one of another client', async () => {
    const subject = randomUUID();
    const claim = provider === 'generic' ? 'client_id' : 'azp';
    for (const token of [
      await api.issuer.idToken(subject, email()),
      await api.issuer.mint(subject, { claims: { ...email(), aud: 'https://else.example/api' } }),
      await api.issuer.mint(subject, { claims: { ...email(), [claim]: 'another-client' } }),
    ]) {
      expectProblem(await get(token), 401, 'unauthenticated');
    }
  });
});
