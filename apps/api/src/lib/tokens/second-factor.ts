import type { JWTPayload } from 'jose';

/**
 * `amr` values (RFC 8176 §2) that name a factor beyond the password: `mfa` (several factors),
 * `otp` (a one-time password: an authenticator app's code or a recovery code), `hwk` and `swk`
 * (proof of a hardware- or software-held key: a passkey).
 */
export const SECOND_FACTOR_AMR: readonly string[] = ['mfa', 'otp', 'hwk', 'swk'];

/** The embedded provider's `acr` of a sign-in with a second factor (`SECOND_FACTOR_ACR` default). */
export const EMBEDDED_SECOND_FACTOR_ACR = 'urn:practice-portal:acr:mfa';

/**
 * Whether a verified access token shows a second factor (decision 0070): its `amr` holds one of
 * {@link SECOND_FACTOR_AMR}, or its `acr` is one of `acrValues` (`SECOND_FACTOR_ACR`). The one
 * place this is decided; what each provider must put into its tokens is in the README.
 */
export function hasSecondFactor(claims: JWTPayload, acrValues: readonly string[]): boolean {
  const { amr, acr } = claims;
  if (Array.isArray(amr) && amr.some((value) => SECOND_FACTOR_AMR.includes(value as string))) {
    return true;
  }
  return typeof acr === 'string' && acrValues.includes(acr);
}
