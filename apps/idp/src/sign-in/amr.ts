/**
 * How the person signed in, in `amr` (RFC 8176) and `acr`, as the contract says: the
 * password alone, or the password and a one-time code (an authenticator's or a recovery code).
 */
export const ACR_PASSWORD = 'urn:practice-portal:acr:pwd';
export const ACR_SECOND_FACTOR = 'urn:practice-portal:acr:mfa';

export interface LoginMethod {
  amr: string[];
  acr: string;
}

export const PASSWORD_ONLY: LoginMethod = { amr: ['pwd'], acr: ACR_PASSWORD };
export const PASSWORD_AND_CODE: LoginMethod = {
  amr: ['pwd', 'otp', 'mfa'],
  acr: ACR_SECOND_FACTOR,
};
