import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';

const SECRET = 'kc-Secret-4f1b9c2e77a0d3';
const BASE = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://portal.example.com',
  NEWSLETTER_LINK_KEY: 'test-newsletter-link-key-0123456789abcdef',
};
const KEYCLOAK = {
  ...BASE,
  OIDC_PROVIDER: 'keycloak',
  OIDC_ISSUER: 'https://sso.example.com/realms/praxis',
  OIDC_CLIENT_ID: 'portal-web',
  OIDC_AUDIENCE: 'https://portal.example.com/api',
};
const ENTRA = {
  ...BASE,
  OIDC_PROVIDER: 'entra',
  OIDC_ISSUER: 'https://login.microsoftonline.com/72f988bf-86f1-41af-91ab-2d7cd011db47/v2.0',
  OIDC_CLIENT_ID: '2d4d11a2-f814-46a7-890a-274a72a7309e',
  OIDC_AUDIENCE: '6e74172b-be56-4843-9ff4-e66a39bb12e3',
  OIDC_API_SCOPE: 'api://6e74172b-be56-4843-9ff4-e66a39bb12e3/portal.api',
};
const AUTH0 = {
  ...BASE,
  OIDC_PROVIDER: 'auth0',
  OIDC_ISSUER: 'https://praxis.eu.auth0.com/',
  OIDC_CLIENT_ID: 'Xk3bQ0portal',
  OIDC_AUDIENCE: 'https://portal.example.com/api',
};

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return error.problems;
  }
}

describe('OIDC_PROVIDER', () => {
  it('is generic by default, with the resource indicator the embedded provider needs', () => {
    const { oidc, administration } = loadConfig({});
    expect(oidc).toMatchObject({
      provider: 'generic',
      apiScope: 'portal:api',
      requestParameters: {
        authorize: { resource: 'http://localhost:3000/api' },
        token: { resource: 'http://localhost:3000/api' },
      },
    });
    expect(administration).toEqual({ kind: 'embedded' });
  });

  it('accepts each documented setup', () => {
    expect(loadConfig(KEYCLOAK).oidc).toMatchObject({
      provider: 'keycloak',
      apiScope: 'portal:api',
      requestParameters: { authorize: {}, token: {} },
    });
    expect(loadConfig(ENTRA).oidc).toMatchObject({
      provider: 'entra',
      apiScope: 'portal.api',
      webScope: `openid profile email offline_access ${ENTRA.OIDC_API_SCOPE}`,
      requestParameters: { authorize: {}, token: {} },
    });
    expect(loadConfig(AUTH0).oidc).toMatchObject({
      provider: 'auth0',
      requestParameters: { authorize: { audience: AUTH0.OIDC_AUDIENCE }, token: {} },
    });
  });

  it('refuses an unknown provider without echoing the value', () => {
    const problems = problemsOf({ ...KEYCLOAK, OIDC_PROVIDER: 'okta-secret-thing' });
    expect(problems).toEqual(['OIDC_PROVIDER must be generic, keycloak, entra or auth0']);
  });

  it('needs an external provider for a profile other than generic', () => {
    expect(problemsOf({ OIDC_PROVIDER: 'keycloak' })).toEqual([
      expect.stringMatching(/^OIDC_PROVIDER=keycloak needs OIDC_ISSUER, OIDC_CLIENT_ID and/),
    ]);
  });

  it("checks the issuer's form per provider", () => {
    expect(problemsOf({ ...KEYCLOAK, OIDC_ISSUER: 'https://sso.example.com/' })).toEqual([
      expect.stringMatching(/^OIDC_ISSUER must be the realm/),
    ]);
    expect(
      loadConfig({ ...KEYCLOAK, OIDC_ISSUER: 'https://old.example.com/auth/realms/x' }),
    ).toBeTruthy();
    for (const tenant of ['common', 'organizations', 'consumers']) {
      expect(
        problemsOf({ ...ENTRA, OIDC_ISSUER: `https://login.microsoftonline.com/${tenant}/v2.0` }),
      ).toEqual([expect.stringMatching(/^OIDC_ISSUER must name the tenant/)]);
    }
    expect(
      problemsOf({
        ...ENTRA,
        OIDC_ISSUER: 'https://sts.windows.net/72f988bf-86f1-41af-91ab-2d7cd011db47/',
      }),
    ).toEqual([expect.stringMatching(/^OIDC_ISSUER must be the v2.0 issuer/)]);
    expect(problemsOf({ ...AUTH0, OIDC_ISSUER: 'https://praxis.eu.auth0.com' })).toEqual([
      expect.stringMatching(/^OIDC_ISSUER must be the tenant with its trailing slash/),
    ]);
  });

  it("refuses the client's id as the api's audience (an ID token would pass)", () => {
    expect(problemsOf({ ...KEYCLOAK, OIDC_AUDIENCE: KEYCLOAK.OIDC_CLIENT_ID })).toEqual([
      expect.stringMatching(/^OIDC_AUDIENCE must be the api's own audience/),
    ]);
  });

  it('needs the full api scope name for Entra ID', () => {
    const { OIDC_API_SCOPE: _scope, ...withoutScope } = ENTRA;
    expect(problemsOf(withoutScope)).toEqual([
      expect.stringMatching(/^OIDC_API_SCOPE must be the full name/),
    ]);
    expect(problemsOf({ ...ENTRA, OIDC_API_SCOPE: 'portal api' })).toEqual([
      'OIDC_API_SCOPE must be one scope name (no spaces, quotes or backslashes)',
    ]);
  });

  it('lists every problem at once', () => {
    const problems = problemsOf({
      ...ENTRA,
      OIDC_ISSUER: 'https://login.microsoftonline.com/common/v2.0',
      OIDC_AUDIENCE: ENTRA.OIDC_CLIENT_ID,
      OIDC_API_SCOPE: 'portal.api',
      KEYCLOAK_ADMIN_CLIENT_ID: 'x',
    });
    expect(problems).toHaveLength(4);
  });
});

describe('credentials of the administration adapters', () => {
  it('reads Keycloak admin client and realm, and never shows the secret', () => {
    const config = loadConfig({
      ...KEYCLOAK,
      KEYCLOAK_ADMIN_CLIENT_ID: 'portal-admin',
      KEYCLOAK_ADMIN_CLIENT_SECRET: SECRET,
    });
    expect(config.administration).toMatchObject({
      kind: 'keycloak',
      origin: 'https://sso.example.com',
      realm: 'praxis',
      clientId: 'portal-admin',
    });
    for (const shown of [
      JSON.stringify(config),
      inspect(config, { depth: 9 }),
      `${String(config.administration.kind === 'keycloak' && config.administration.clientSecret)}`,
    ]) {
      expect(shown).not.toContain(SECRET);
    }
  });

  it('reads the Auth0 Management API application', () => {
    const config = loadConfig({
      ...AUTH0,
      AUTH0_MANAGEMENT_CLIENT_ID: 'm2m-portal',
      AUTH0_MANAGEMENT_CLIENT_SECRET: SECRET,
    });
    expect(config.administration).toMatchObject({
      kind: 'auth0',
      tenant: 'https://praxis.eu.auth0.com',
      clientId: 'm2m-portal',
    });
  });

  it('has no adapter without credentials: the calls answer 409 not_available', () => {
    expect(loadConfig(KEYCLOAK).administration).toEqual({ kind: 'none' });
    expect(loadConfig(AUTH0).administration).toEqual({ kind: 'none' });
  });

  it("links Entra ID's self-service pages, by default Microsoft's own", () => {
    expect(loadConfig(ENTRA).administration).toEqual({
      kind: 'self-service',
      passwordUrl: 'https://mysignins.microsoft.com/security-info/password/change',
      accountUrl: 'https://myaccount.microsoft.com/',
      securityInfoUrl: 'https://mysignins.microsoft.com/security-info',
    });
    expect(
      loadConfig({ ...ENTRA, ENTRA_ACCOUNT_URL: 'https://myaccount.microsoft.com/?tenant=x' })
        .administration,
    ).toMatchObject({ accountUrl: 'https://myaccount.microsoft.com/?tenant=x' });
    // Decision 0073: where the security page links for the sign-in methods, also configurable.
    expect(
      loadConfig({ ...ENTRA, ENTRA_SECURITY_INFO_URL: 'https://id.example.com/methods' })
        .administration,
    ).toMatchObject({ securityInfoUrl: 'https://id.example.com/methods' });
    expect(problemsOf({ ...KEYCLOAK, ENTRA_SECURITY_INFO_URL: 'https://x.example.com/' })).toEqual([
      'ENTRA_SECURITY_INFO_URL needs OIDC_PROVIDER=entra',
    ]);
  });

  it('names every problem of the credentials, never their values', () => {
    const problems = problemsOf({
      ...KEYCLOAK,
      KEYCLOAK_ADMIN_CLIENT_SECRET: SECRET,
      AUTH0_MANAGEMENT_CLIENT_ID: 'm2m',
      AUTH0_MANAGEMENT_CLIENT_SECRET: SECRET,
    });
    expect(problems).toEqual([
      'AUTH0_MANAGEMENT_CLIENT_ID needs OIDC_PROVIDER=auth0',
      'AUTH0_MANAGEMENT_CLIENT_SECRET needs OIDC_PROVIDER=auth0',
      'KEYCLOAK_ADMIN_CLIENT_ID and KEYCLOAK_ADMIN_CLIENT_SECRET go together: set both, or neither',
    ]);
    expect(
      problemsOf({
        ...AUTH0,
        AUTH0_MANAGEMENT_CLIENT_ID: 'm',
        AUTH0_MANAGEMENT_CLIENT_SECRET: 'short',
      }),
    ).toEqual(['AUTH0_MANAGEMENT_CLIENT_SECRET must be at least 16 characters long']);
    expect(problems.join('\n')).not.toContain(SECRET);
  });
});
