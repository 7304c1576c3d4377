import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { JWTPayload } from 'jose';
import { describe, expect, it } from 'vitest';
import { WebConfigurationSchema } from '@pp/contract';
import { companies } from '../../../src/db/schema.ts';
import type { ProviderName } from '../../../src/lib/tokens/provider-profiles.ts';
import { expectProblem } from '../../support/expect-problem.ts';
import { createCustomer, createPractice, uniqueEmail } from '../../support/factories.ts';
import { useProviderApi, type ProviderApi } from './provider-app.ts';

// Decisions 0069, 0070 and 0073: a practice that requires a second factor is enforced from the
// access token under every provider profile, each from the claims its provider really issues.
// The tokens are shaped as each vendor documents them (the stand-in of provider-issuer.ts adds
// the rest of the profile's claims):
// - Keycloak: `amr` of the "Authentication Method Reference (AMR)" mapper and `acr` of the
//   realm's ACR to LoA mapping,
//   https://www.keycloak.org/docs/latest/server_admin/#_step-up-flow and
//   https://www.keycloak.org/docs/latest/server_admin/#_oidc_token_and_saml_assertion_mappers;
// - Entra ID v2.0: no `amr`/`acr` (v1.0 only), `acrs` lists the authentication contexts met,
//   https://learn.microsoft.com/en-us/entra/identity-platform/access-token-claims-reference and
//   https://learn.microsoft.com/en-us/entra/identity-platform/developer-guide-conditional-access-authentication-context;
// - Auth0: `amr`/`acr` are restricted claims an Action cannot set on an access token,
//   https://auth0.com/docs/secure/tokens/json-web-tokens/create-custom-claims; the post-login
//   Action writes the names of `event.authentication.methods` (`pwd`, `mfa`, …) into a
//   namespaced claim,
//   https://auth0.com/docs/customize/actions/explore-triggers/signup-and-login-triggers/login-trigger/post-login-event-object;
// - generic: RFC 8176 `amr` or `acr`, as the embedded provider.

const AMR_CLAIM = 'https://portal.example.com/amr';

interface Case {
  provider: ProviderName;
  env: Record<string, string>;
  /** Claims of a sign-in with a second factor, as the provider writes them. */
  withFactor: JWTPayload[];
  /** Claims of a sign-in without one (or claims the provider never writes there). */
  withoutFactor: JWTPayload[];
}

const CASES: Case[] = [
  {
    provider: 'keycloak',
    env: { SECOND_FACTOR_ACR: '2' },
    withFactor: [{ amr: ['pwd', 'otp'] }, { acr: '2' }, { amr: ['hwk', 'pin'] }],
    withoutFactor: [{}, { amr: ['pwd'] }, { acr: '1' }],
  },
  {
    provider: 'entra',
    env: { SECOND_FACTOR_ACR: 'c1' },
    withFactor: [{ acrs: ['c1'] }, { acrs: ['c3', 'c1'] }],
    // v1.0's `amr`/`acr` are not what a v2.0 token carries: they count for nothing here.
    withoutFactor: [{}, { acrs: ['c2'] }, { amr: ['pwd', 'mfa'] }, { acr: '1' }],
  },
  {
    provider: 'auth0',
    env: { SECOND_FACTOR_AMR_CLAIM: AMR_CLAIM },
    withFactor: [{ [AMR_CLAIM]: ['pwd', 'mfa'] }, { [AMR_CLAIM]: ['federated', 'mfa'] }],
    withoutFactor: [{}, { [AMR_CLAIM]: ['pwd'] }, { amr: ['mfa'] }],
  },
  {
    provider: 'generic',
    env: {},
    withFactor: [{ amr: ['pwd', 'otp'] }, { amr: ['mfa'] }],
    withoutFactor: [{}, { amr: ['pwd'] }],
  },
];

/** The claims that give a first sign-in a verified address, per provider. */
function verifiedEmail(api: ProviderApi, subject: string, email: string): JWTPayload {
  switch (api.issuer.setup.provider) {
    case 'entra':
      return { email, xms_edov: true };
    case 'auth0':
      api.issuer.userinfo.set(subject, { email, email_verified: true });
      return {};
    default:
      return { email, email_verified: true };
  }
}

describe.each(CASES)('OIDC_PROVIDER=$provider', ({ provider, env, withFactor, withoutFactor }) => {
  const api = useProviderApi(provider, () => env);

  /** A member of a practice that requires a second factor, signed in once (linked). */
  async function member() {
    const { db } = api.db.database;
    const email = uniqueEmail(provider);
    const subject = provider === 'auth0' ? `auth0|${randomUUID()}` : randomUUID();
    const customer = await createCustomer(db, { email });
    const practice = await createPractice(db, { superadminId: customer.id });
    await db
      .update(companies)
      .set({ requiresSecondFactor: true })
      .where(eq(companies.id, practice.id));
    const first = await api.client.customer.getCustomerData({
      token: await api.issuer.mint(subject, { claims: verifiedEmail(api, subject, email) }),
    });
    expect(first.statusCode, first.body.slice(0, 200)).toBe(200);
    const getCompany = async (claims: JWTPayload) =>
      api.client.company.getCompany({
        token: await api.issuer.mint(subject, { claims }),
        query: { companyId: practice.id },
      });
    return { getCompany };
  }

  it.each(withFactor)('lets %j through', async (claims) => {
    const { getCompany } = await member();
    const answer = await getCompany(claims);
    expect(answer.statusCode, answer.body.slice(0, 200)).toBe(200);
  });

  it.each(withoutFactor)('refuses %j with 403 second_factor_required', async (claims) => {
    const { getCompany } = await member();
    expectProblem(await getCompany(claims), 403, 'second_factor_required');
  });

  it("names the provider's pages of the second factor in the web configuration", async () => {
    const answer = await api.app.inject({ method: 'GET', url: '/app-config.json' });
    const { accountSecurity } = WebConfigurationSchema.parse(answer.json());
    const issuer = api.issuer.setup.issuer;
    const expected = {
      keycloak: {
        pageUrl: `${issuer}/account/account-security/signing-in`,
        actions: {
          'step-up': { acr_values: '2' },
          'configure-totp': { kc_action: 'CONFIGURE_TOTP' },
          'add-passkey': { kc_action: 'webauthn-register-passwordless' },
        },
      },
      entra: {
        pageUrl: 'https://mysignins.microsoft.com/security-info',
        actions: {
          'step-up': { claims: '{"access_token":{"acrs":{"essential":true,"value":"c1"}}}' },
        },
      },
      auth0: {
        pageUrl: null,
        actions: {
          'step-up': { acr_values: 'http://schemas.openid.net/pape/policies/2007/06/multi-factor' },
        },
      },
      generic: { pageUrl: null, actions: {} },
    }[provider];
    expect(accountSecurity).toEqual(expected);
  });
});
