import { describe, expect, it } from 'vitest';
import { WEB_CONFIGURATION_PATH, WebConfigurationSchema } from '@pp/contract';
import { useApi } from '../support/context.ts';

describe('web app configuration', () => {
  const api = useApi({
    env: { IMPRINT_URL: 'https://provider.example/impressum', IDLE_TIMEOUT_MINUTES: '12' },
  });

  it('tells the web app its provider, client, audience, links and idle timeout', async () => {
    const response = await api.app.inject({ method: 'GET', url: WEB_CONFIGURATION_PATH });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    const body = WebConfigurationSchema.parse(response.json());
    expect(body).toEqual({
      oidc: {
        issuer: api.issuer.issuer,
        clientId: 'practice-portal-web',
        audience: api.issuer.audience,
        scope: 'openid profile email offline_access portal:api',
      },
      imprintUrl: 'https://provider.example/impressum',
      privacyUrl: null,
      portalName: null,
      logoUrl: null,
      idleTimeoutMinutes: 12,
    });
  });

  it('is not part of the api document', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(JSON.stringify(response.json().paths)).not.toContain(WEB_CONFIGURATION_PATH);
  });
});
