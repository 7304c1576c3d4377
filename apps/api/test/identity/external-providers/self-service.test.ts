import { describe, expect, it } from 'vitest';
import { WEB_CONFIGURATION_PATH, WebConfigurationSchema } from '@pp/contract';
import { useProviderApi, type ProviderApi } from '../tokens/provider-app.ts';
import { API_AUDIENCE } from '../tokens/provider-issuer.ts';
import { expectProblem } from '../../support/expect-problem.ts';
import { uniqueEmail } from '../../support/factories.ts';
import { portalCalls } from './portal-calls.ts';

async function webConfiguration(api: ProviderApi) {
  const response = await api.app.inject({ url: WEB_CONFIGURATION_PATH });
  expect(response.statusCode).toBe(200);
  return WebConfigurationSchema.parse(response.json());
}

describe('Entra ID: the self-service pages of Microsoft, no directory rights', () => {
  const api = useProviderApi('entra');
  const portal = portalCalls(api);

  it('tells the web app the pages, the full scope name and no resource parameter', async () => {
    const config = await webConfiguration(api);
    expect(config.selfService).toEqual({
      passwordUrl: 'https://mysignins.microsoft.com/security-info/password/change',
      accountUrl: 'https://myaccount.microsoft.com/',
    });
    expect(config.oidc).toMatchObject({
      scope: `openid profile email offline_access ${api.issuer.setup.apiScope}`,
      authorizeParameters: {},
      tokenParameters: {},
    });
  });

  it('answers 409 not_available for password and e-mail changes, sending nothing', async () => {
    const { email, headers } = await portal.person();
    expectProblem(await portal.changePassword(headers), 409, 'not_available');
    const newEmail = uniqueEmail('neu');
    expectProblem(await portal.requestEmailChange(headers, newEmail), 409, 'not_available');
    expect(await portal.mailsTo(email)).toEqual([]);
    expect(await portal.mailsTo(newEmail)).toEqual([]);
  });
});

describe('Keycloak without admin credentials', () => {
  const api = useProviderApi('keycloak');
  const portal = portalCalls(api);

  it('signs in, has no adapter (409 not_available) and names no self-service pages', async () => {
    const { headers } = await portal.person();
    expectProblem(await portal.changePassword(headers), 409, 'not_available');
    const config = await webConfiguration(api);
    expect(config.selfService).toBeUndefined();
    expect(config.oidc).toMatchObject({ authorizeParameters: {}, tokenParameters: {} });
  });
});

describe('Auth0 and generic: how the web app names the api', () => {
  const auth0 = useProviderApi('auth0');
  const generic = useProviderApi('generic');

  it("sends Auth0's audience parameter in the authorize request", async () => {
    expect((await webConfiguration(auth0)).oidc).toMatchObject({
      authorizeParameters: { audience: API_AUDIENCE },
      tokenParameters: {},
    });
  });

  it('leaves the generic answer as it was: the web app sends resource (RFC 8707)', async () => {
    const config = await webConfiguration(generic);
    expect(config.oidc.authorizeParameters).toBeUndefined();
    expect(config.oidc.tokenParameters).toBeUndefined();
    expect(config.selfService).toBeUndefined();
  });
});
