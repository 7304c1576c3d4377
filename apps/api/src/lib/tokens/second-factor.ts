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
 * Where a deployment's access tokens show a second factor: the claims of the provider's profile
 * (`secondFactorClaims` in provider-profiles.ts) and the settings `SECOND_FACTOR_ACR` and
 * `SECOND_FACTOR_AMR_CLAIM` (decisions 0070, 0073).
 */
export interface SecondFactorRule {
  /** Claims holding RFC 8176 method values (an array), such as `amr` or a custom claim. */
  amrClaims: readonly string[];
  /** Claims holding one authentication context, a string (`acr`). */
  acrClaims: readonly string[];
  /** Claims holding the contexts satisfied, an array of strings (Entra ID's `acrs`). */
  acrListClaims: readonly string[];
  /** The contexts that count as a second factor (`SECOND_FACTOR_ACR`). */
  acrValues: readonly string[];
}

/** Whether RFC 8176 method values make two factors: `mfa`, or one possession beside another kind. */
function methodsShowTwoFactors(methods: unknown): boolean {
  if (!Array.isArray(methods)) return false;
  const has = (values: readonly string[]) =>
    methods.some((value) => values.includes(value as string));
  return methods.includes('mfa') || (has(POSSESSION_AMR) && has(KNOWLEDGE_OR_INHERENCE_AMR));
}

/** Whether a context claim names one of `acrValues`; each claim only in its own shape. */
const contextCounts = (context: unknown, acrValues: readonly string[]) =>
  typeof context === 'string' && acrValues.includes(context);
const contextListCounts = (contexts: unknown, acrValues: readonly string[]) =>
  Array.isArray(contexts) && contexts.some((context) => contextCounts(context, acrValues));

/**
 * Whether a verified access token shows a second factor (decisions 0070, 0073): one of its method
 * claims says `mfa`, or names something the person has ({@link POSSESSION_AMR}) beside something
 * they know or are (a password and a code; a passkey and its PIN); or one of its context claims
 * (`acr`, or a list such as `acrs`) names a value of `acrValues`. A key alone (`hwk`, `swk`, `swk user`) is one factor. The one
 * place this is decided; which claims a provider fills is its profile's, and what it must put
 * there is in docs/identity-providers.md.
 */
export function hasSecondFactor(claims: JWTPayload, rule: SecondFactorRule): boolean {
  return (
    rule.amrClaims.some((name) => methodsShowTwoFactors(claims[name])) ||
    rule.acrClaims.some((name) => contextCounts(claims[name], rule.acrValues)) ||
    rule.acrListClaims.some((name) => contextListCounts(claims[name], rule.acrValues))
  );
}
