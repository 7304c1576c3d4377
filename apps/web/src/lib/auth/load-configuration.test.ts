import { describe, expect, it } from 'vitest';
import {
  WEB_CONFIGURATION_PATH,
  WebConfigurationSchema,
  type WebConfiguration,
} from '@pp/contract';
import { webConfiguration } from '../../testing/portal-server.ts';
import { CONFIGURATION_PATH, parseWebConfiguration } from './load-configuration.ts';

const ownSettings = {
  oidc: {
    issuer: 'http://idp.test',
    clientId: 'portal',
    audience: 'http://portal.test/api',
    scope: 'openid',
  },
  accountSecurity: {
    pageUrl: null,
    actions: {
      'step-up': { pp_action: 'step-up' },
      'add-passkey': { pp_action: 'add-passkey' },
    },
  },
  imprintUrl: 'https://example.com/imprint',
  privacyUrl: null,
  legalLinkPlaceholders: false,
} satisfies Partial<WebConfiguration>;
const valid = { ...webConfiguration, ...ownSettings };

const invalid: [string, unknown][] = [
  ['nothing', null],
  ['a list', [valid]],
  ['no oidc settings', { ...valid, oidc: undefined }],
  ['an issuer that is not text', { ...valid, oidc: { ...valid.oidc, issuer: 42 } }],
  ['no scope', { ...valid, oidc: { ...valid.oidc, scope: undefined } }],
  ['an imprint link that is not text', { ...valid, imprintUrl: false }],
  ['no privacy link at all', { ...valid, privacyUrl: undefined }],
  ['placeholders as text', { ...valid, legalLinkPlaceholders: 'yes' }],
  ['no word on placeholders', { ...valid, legalLinkPlaceholders: undefined }],
  ['a portal name that is not text', { ...valid, portalName: 7 }],
  ['no portal name at all', { ...valid, portalName: undefined }],
  ['a logo that is not text', { ...valid, logoUrl: {} }],
  ['no logo at all', { ...valid, logoUrl: undefined }],
  ['a timeout of zero', { ...valid, idleTimeoutMinutes: 0 }],
  ['a fractional timeout', { ...valid, idleTimeoutMinutes: 1.5 }],
  ['a timeout as text', { ...valid, idleTimeoutMinutes: '30' }],
  [
    'authorize parameters as a list',
    { ...valid, oidc: { ...valid.oidc, authorizeParameters: [] } },
  ],
  [
    'a token parameter that is not text',
    { ...valid, oidc: { ...valid.oidc, tokenParameters: { audience: 1 } } },
  ],
  ['self-service links without the account page', { ...valid, selfService: { passwordUrl: 'x' } }],
  ['no account security', { ...valid, accountSecurity: undefined }],
  ['account actions as a list', { ...valid, accountSecurity: { pageUrl: null, actions: [] } }],
  [
    'an account action parameter that is not text',
    { ...valid, accountSecurity: { pageUrl: null, actions: { 'step-up': { kc_action: 1 } } } },
  ],
  ['no word on the provider page', { ...valid, accountSecurity: { actions: {} } }],
];

/** Entra ID (decision 0035): no `resource`, the provider's own pages for password and account. */
const entra = {
  ...valid,
  oidc: { ...valid.oidc, authorizeParameters: {}, tokenParameters: {} },
  selfService: {
    passwordUrl: 'https://mysignins.microsoft.com/security-info/password/change',
    accountUrl: 'https://myaccount.microsoft.com/',
  },
  // Decision 0073: My Sign-Ins, and a sign-in with the authentication context `c1`.
  accountSecurity: {
    pageUrl: 'https://mysignins.microsoft.com/security-info',
    actions: {
      'step-up': { claims: '{"access_token":{"acrs":{"essential":true,"value":"c1"}}}' },
    },
  },
};
/** Auth0: the api named by `audience`. */
const auth0 = {
  ...valid,
  oidc: {
    ...valid.oidc,
    authorizeParameters: { audience: 'https://api.portal.test' },
    tokenParameters: { audience: 'https://api.portal.test' },
  },
  accountSecurity: {
    pageUrl: null,
    actions: {
      'step-up': { acr_values: 'http://schemas.openid.net/pape/policies/2007/06/multi-factor' },
    },
  },
};

// The light entry checks the configuration without zod; the contract's schema stays the rule.
describe('the configuration read by the light entry', () => {
  it('is fetched where the api serves it', () => {
    expect(CONFIGURATION_PATH).toBe(WEB_CONFIGURATION_PATH);
  });

  it('is accepted as the contract accepts it, without unknown fields', () => {
    const sent = { ...valid, extra: 'ignored', oidc: { ...valid.oidc, other: 1 } };
    expect(parseWebConfiguration(sent)).toEqual(WebConfigurationSchema.parse(sent));
  });

  it("keeps the operator's portal name and logo", () => {
    const sent = { ...valid, portalName: 'Praxis Sommer', logoUrl: '/brand/logo.svg' };
    expect(parseWebConfiguration(sent)).toEqual(WebConfigurationSchema.parse(sent));
    expect(parseWebConfiguration(sent)).toMatchObject({
      portalName: 'Praxis Sommer',
      logoUrl: '/brand/logo.svg',
    });
  });

  it.each([
    ['Entra ID', entra],
    ['Auth0', auth0],
  ])('keeps the request parameters and self-service links of %s', (_provider, sent) => {
    expect(parseWebConfiguration(sent)).toEqual(WebConfigurationSchema.parse(sent));
  });

  it.each(invalid)('is refused with %s, as the contract refuses it', (_case, value) => {
    expect(WebConfigurationSchema.safeParse(value).success).toBe(false);
    expect(() => parseWebConfiguration(value)).toThrow(TypeError);
  });
});
