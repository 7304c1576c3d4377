import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/config.ts';
import { providerProfile } from '../../../src/lib/tokens/provider-profiles.ts';
import { hasSecondFactor, type SecondFactorRule } from '../../../src/lib/tokens/second-factor.ts';

const DEFAULT_ACR = ['urn:practice-portal:acr:mfa'];
/** The embedded provider's rule: `amr` and `acr` (the generic profile), the default context. */
const rule = (acrValues: string[] = DEFAULT_ACR): SecondFactorRule => ({
  ...providerProfile('generic').secondFactorClaims,
  acrValues,
});

describe('hasSecondFactor (decision 0070)', () => {
  it.each([
    [{ amr: ['mfa'] }],
    [{ amr: ['pwd', 'otp'] }],
    [{ amr: ['pwd', 'otp', 'mfa'] }],
    [{ amr: ['hwk', 'mfa'] }],
    [{ amr: ['swk', 'mfa'] }],
    // A key with its PIN or a fingerprint: two factors, as Keycloak or Auth0 may say it.
    [{ amr: ['hwk', 'pin'] }],
    [{ amr: ['swk', 'fpt'] }],
    [{ amr: ['pwd', 'hwk'] }],
    [{ amr: ['pwd'], acr: 'urn:practice-portal:acr:mfa' }],
    [{ acr: 'urn:practice-portal:acr:mfa' }],
  ])('counts %j', (claims) => {
    expect(hasSecondFactor(claims, rule())).toBe(true);
  });

  it.each([
    [{}],
    [{ amr: ['pwd'] }],
    [{ amr: ['pwd', 'kba', 'sms-not-a-value'] }],
    // A passkey the device did not verify (no PIN, no biometrics) is one factor.
    [{ amr: ['hwk'] }],
    [{ amr: ['swk'] }],
    [{ amr: ['swk', 'user'] }],
    [{ amr: ['otp'] }],
    [{ amr: [] }],
    // RFC 8176 values are case-sensitive, and amr is an array: a string is not read as one.
    [{ amr: ['MFA', 'OTP'] }],
    [{ amr: 'mfa' }],
    [{ amr: [{ mfa: true }] }],
    [{ amr: ['pwd'], acr: 'urn:practice-portal:acr:pwd' }],
    [{ acr: '1' }],
    [{ acr: ['urn:practice-portal:acr:mfa'] }],
  ])('does not count %j', (claims) => {
    expect(hasSecondFactor(claims, rule())).toBe(false);
  });

  it('takes the acr values it is given, and only those', () => {
    expect(hasSecondFactor({ acr: '2' }, rule(['2', 'gold']))).toBe(true);
    expect(hasSecondFactor({ acr: 'gold' }, rule(['2', 'gold']))).toBe(true);
    expect(hasSecondFactor({ acr: 'urn:practice-portal:acr:mfa' }, rule(['2']))).toBe(false);
    expect(hasSecondFactor({ acr: '2' }, rule([]))).toBe(false);
  });
});

describe('the claims each profile reads (decision 0073)', () => {
  const ruleOf = (env: Record<string, string>) => loadConfig(env).oidc.secondFactor;
  const external = (provider: string, extra: Record<string, string> = {}) => ({
    OIDC_PROVIDER: provider,
    OIDC_ISSUER:
      provider === 'entra'
        ? 'https://login.microsoftonline.com/72f988bf-86f1-41af-91ab-2d7cd011db47/v2.0'
        : provider === 'auth0'
          ? 'https://portal.eu.auth0.com/'
          : 'https://id.example.com/realms/portal',
    OIDC_CLIENT_ID: 'portal-web',
    OIDC_AUDIENCE: 'https://portal.example.com/api',
    ...(provider === 'entra' ? { OIDC_API_SCOPE: 'api://x/portal.api' } : {}),
    ...extra,
  });

  it('Entra ID: an acrs list naming a configured context, never amr or acr', () => {
    const entra = ruleOf(external('entra', { SECOND_FACTOR_ACR: 'c1' }));
    expect(hasSecondFactor({ acrs: ['c1'] }, entra)).toBe(true);
    expect(hasSecondFactor({ acrs: ['c2', 'c1'] }, entra)).toBe(true);
    expect(hasSecondFactor({ acrs: ['c2'] }, entra)).toBe(false);
    expect(hasSecondFactor({ acrs: 'c1' }, entra)).toBe(false);
    expect(hasSecondFactor({ acr: 'c1' }, entra)).toBe(false);
    expect(hasSecondFactor({ amr: ['pwd', 'mfa'] }, entra)).toBe(false);
  });

  it('Auth0: the methods of SECOND_FACTOR_AMR_CLAIM, never amr or acr of an access token', () => {
    const claim = 'https://portal.example.com/amr';
    const auth0 = ruleOf(external('auth0', { SECOND_FACTOR_AMR_CLAIM: claim }));
    expect(hasSecondFactor({ [claim]: ['pwd', 'mfa'] }, auth0)).toBe(true);
    expect(hasSecondFactor({ [claim]: ['pwd'] }, auth0)).toBe(false);
    expect(hasSecondFactor({ amr: ['mfa'] }, auth0)).toBe(false);
    expect(hasSecondFactor({ [claim]: ['mfa'] }, ruleOf(external('auth0')))).toBe(false);
  });

  it('Keycloak: amr (AMR mapper) or acr (ACR to LoA), as the embedded provider', () => {
    const keycloak = ruleOf(external('keycloak', { SECOND_FACTOR_ACR: '2' }));
    expect(hasSecondFactor({ amr: ['pwd', 'otp'] }, keycloak)).toBe(true);
    expect(hasSecondFactor({ acr: '2' }, keycloak)).toBe(true);
    expect(hasSecondFactor({ acr: '1', amr: ['pwd'] }, keycloak)).toBe(false);
    expect(hasSecondFactor({ acrs: ['2'] }, keycloak)).toBe(false);
  });
});

describe('SECOND_FACTOR_AMR_CLAIM', () => {
  const auth0 = {
    OIDC_PROVIDER: 'auth0',
    OIDC_ISSUER: 'https://portal.eu.auth0.com/',
    OIDC_CLIENT_ID: 'portal-web',
    OIDC_AUDIENCE: 'https://portal.example.com/api',
  };
  const problemsOf = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (error) {
      return (error as ConfigError).problems.join('\n');
    }
    return '';
  };

  it('is unset by default: no claim besides the profile’s', () => {
    expect(loadConfig(auth0).oidc.secondFactor.amrClaims).toEqual([]);
  });

  it('adds a namespaced claim', () => {
    const env = { ...auth0, SECOND_FACTOR_AMR_CLAIM: 'https://portal.example.com/amr' };
    expect(loadConfig(env).oidc.secondFactor.amrClaims).toEqual(['https://portal.example.com/amr']);
  });

  it.each(['amr', 'portal/amr', 'ftp://portal.example.com/amr'])('refuses %j', (value) => {
    expect(problemsOf({ ...auth0, SECOND_FACTOR_AMR_CLAIM: value })).toContain(
      'SECOND_FACTOR_AMR_CLAIM must be',
    );
  });

  it('refuses it with the embedded provider, which writes amr itself', () => {
    expect(problemsOf({ SECOND_FACTOR_AMR_CLAIM: 'https://portal.example.com/amr' })).toContain(
      'SECOND_FACTOR_AMR_CLAIM needs an external provider',
    );
  });
});

describe('SECOND_FACTOR_ACR', () => {
  it('defaults to the embedded provider’s acr', () => {
    expect(loadConfig({}).oidc.secondFactor.acrValues).toEqual(DEFAULT_ACR);
  });

  it('takes a comma-separated list, trimmed', () => {
    expect(
      loadConfig({ SECOND_FACTOR_ACR: '2, gold ,urn:x:mfa' }).oidc.secondFactor.acrValues,
    ).toEqual(['2', 'gold', 'urn:x:mfa']);
  });

  it.each(['a b', '2,,3', 'urn:x,'])('refuses %j, naming the variable', (value) => {
    expect(() => loadConfig({ SECOND_FACTOR_ACR: value })).toThrow(ConfigError);
    try {
      loadConfig({ SECOND_FACTOR_ACR: value });
    } catch (error) {
      expect((error as ConfigError).problems.join('\n')).toContain('SECOND_FACTOR_ACR');
    }
  });
});
