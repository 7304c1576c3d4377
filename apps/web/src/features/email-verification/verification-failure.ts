import { ErrorCode } from '@pp/contract';
import { ApiCallError } from '../../lib/api/api-context.ts';

/** Why a link did not confirm the address, as the page explains it. */
export type VerificationFailure =
  'link_invalid' | 'link_expired' | 'link_used' | 'email_taken' | 'not_available' | 'other';

/**
 * The api's refusal as one of the page's explanations. A link that is no link secret at all
 * (a mail program broke it) is refused as a bad query: for the user it is an invalid link.
 */
export function verificationFailure(error: unknown): VerificationFailure {
  if (!(error instanceof ApiCallError)) return 'other';
  switch (error.code) {
    case ErrorCode.linkInvalid:
    case ErrorCode.validation:
      return 'link_invalid';
    case ErrorCode.linkExpired:
      return 'link_expired';
    case ErrorCode.linkUsed:
      return 'link_used';
    case ErrorCode.emailTaken:
      return 'email_taken';
    case ErrorCode.notAvailable:
      return 'not_available';
    default:
      return 'other';
  }
}
