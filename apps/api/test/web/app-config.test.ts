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
      // A generic provider (the tests' issuer) offers no account action (decision 0073).
      accountSecurity: { pageUrl: null, actions: {} },
      imprintUrl: 'https://provider.example/impressum',
      privacyUrl: null,
      legalLinkPlaceholders: true,
      // Decision 0080: without ACCESSIBILITY_CONTACT, barrierefreiheit@ at PUBLIC_URL's host.
      accessibilityContact: 'barrierefreiheit@localhost',
      portalName: null,
      logoUrl: null,
      idleTimeoutMinutes: 12,
    });
  });

  it('asks for placeholders of unset legal links outside production only', async () => {
    const response = await api.app.inject({ method: 'GET', url: WEB_CONFIGURATION_PATH });
    expect(WebConfigurationSchema.parse(response.json()).legalLinkPlaceholders).toBe(true);
  });

  it('is not part of the api document', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(JSON.stringify(response.json().paths)).not.toContain(WEB_CONFIGURATION_PATH);
  });
});

// Decisions 0064 and 0073: the embedded provider runs every account action as its `pp_action`.
describe('web app configuration with the embedded provider', () => {
  const api = useApi({ embeddedProvider: true });

  it('names the pp_action of every account action, a step-up setting up the app', async () => {
    const response = await api.app.inject({ method: 'GET', url: WEB_CONFIGURATION_PATH });
    expect(WebConfigurationSchema.parse(response.json()).accountSecurity).toEqual({
      pageUrl: null,
      actions: {
        'step-up': { pp_action: 'step-up' },
        'configure-totp': { pp_action: 'configure-totp' },
        'remove-totp': { pp_action: 'remove-totp' },
        'new-recovery-codes': { pp_action: 'new-recovery-codes' },
        'add-passkey': { pp_action: 'add-passkey' },
        'remove-passkey': { pp_action: 'remove-passkey' },
      },
    });
  });
});

// Issue 22, point 16: a production portal shows no placeholder for an unset link.
describe('web app configuration in production', () => {
  const api = useApi({
    env: {
      NODE_ENV: 'production',
      NEWSLETTER_LINK_KEY: 'test-newsletter-link-key-0123456789abcdef',
    },
  });

  it('shows unset legal links as nothing, not as placeholders', async () => {
    const response = await api.app.inject({ method: 'GET', url: WEB_CONFIGURATION_PATH });
    const body = WebConfigurationSchema.parse(response.json());
    expect(body).toMatchObject({
      imprintUrl: null,
      privacyUrl: null,
      legalLinkPlaceholders: false,
    });
  });
});

// Decision 0080: the statement's feedback contact, an address or a contact form's page.
describe('web app configuration with an accessibility contact', () => {
  const api = useApi({ env: { ACCESSIBILITY_CONTACT: 'https://betreiber.example/kontakt' } });

  it('names the contact the operator set', async () => {
    const response = await api.app.inject({ method: 'GET', url: WEB_CONFIGURATION_PATH });
    expect(WebConfigurationSchema.parse(response.json()).accessibilityContact).toBe(
      'https://betreiber.example/kontakt',
    );
  });
});
