import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/config.ts';
import { hasSecondFactor } from '../../../src/lib/tokens/second-factor.ts';

const DEFAULT_ACR = ['urn:practice-portal:acr:mfa'];

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
    expect(hasSecondFactor(claims, DEFAULT_ACR)).toBe(true);
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
    expect(hasSecondFactor(claims, DEFAULT_ACR)).toBe(false);
  });

  it('takes the acr values it is given, and only those', () => {
    expect(hasSecondFactor({ acr: '2' }, ['2', 'gold'])).toBe(true);
    expect(hasSecondFactor({ acr: 'gold' }, ['2', 'gold'])).toBe(true);
    expect(hasSecondFactor({ acr: 'urn:practice-portal:acr:mfa' }, ['2'])).toBe(false);
    expect(hasSecondFactor({ acr: '2' }, [])).toBe(false);
  });
});

describe('SECOND_FACTOR_ACR', () => {
  it('defaults to the embedded provider’s acr', () => {
    expect(loadConfig({}).oidc.secondFactorAcr).toEqual(DEFAULT_ACR);
  });

  it('takes a comma-separated list, trimmed', () => {
    expect(loadConfig({ SECOND_FACTOR_ACR: '2, gold ,urn:x:mfa' }).oidc.secondFactorAcr).toEqual([
      '2',
      'gold',
      'urn:x:mfa',
    ]);
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
