import type { JWTPayload } from 'jose';

/**
 * `amr` values (RFC 8176 §2) of something the person has: `otp` (a one-time password: an
 * authenticator app's code or a recovery code), `hwk` and `swk` (proof of a hardware- or
 * software-held key: a passkey, a security key).
 */
export const POSSESSION_AMR: readonly string[] = ['otp', 'hwk', 'swk'];
/**
 * `amr` values of something the person knows or is: with one of {@link POSSESSION_AMR} they make
 * two factors. `user` (a presence test) is neither: a key touched without a PIN is one factor.
 */
export const KNOWLEDGE_OR_INHERENCE_AMR: readonly string[] = [
  'pwd',
  'pin',
  'kba',
  'fpt',
  'face',
  'iris',
  'retina',
  'vbm',
  'bio',
];

/** The embedded provider's `acr` of a sign-in with a second factor (`SECOND_FACTOR_ACR` default). */
export const EMBEDDED_SECOND_FACTOR_ACR = 'urn:practice-portal:acr:mfa';

/**
 * Whether a verified access token shows a second factor (decision 0070): its `amr` says `mfa`,
 * or names something the person has ({@link POSSESSION_AMR}) beside something they know or are
 * (a password and a code; a passkey and its PIN); or its `acr` is one of `acrValues`
 * (`SECOND_FACTOR_ACR`). A key alone (`hwk`, `swk`, `swk user`) is one factor. The one place this
 * is decided; what each provider must put into its tokens is in the README.
 */
export function hasSecondFactor(claims: JWTPayload, acrValues: readonly string[]): boolean {
  const { amr, acr } = claims;
  if (Array.isArray(amr)) {
    const has = (values: readonly string[]) =>
      amr.some((value) => values.includes(value as string));
    if (amr.includes('mfa') || (has(POSSESSION_AMR) && has(KNOWLEDGE_OR_INHERENCE_AMR))) {
      return true;
    }
  }
  return typeof acr === 'string' && acrValues.includes(acr);
}
