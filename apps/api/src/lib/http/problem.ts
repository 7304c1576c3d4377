import { ErrorCode, type Problem, type TypedFieldError } from '@pp/contract';

const TITLES: Record<ErrorCode, string> = {
  [ErrorCode.validation]: 'The request is not valid',
  [ErrorCode.unauthenticated]: 'A valid access token is required',
  [ErrorCode.sessionEnded]: 'The session of this access token has ended; sign in again',
  [ErrorCode.identityUnverified]: 'The e-mail address of this identity is not verified',
  [ErrorCode.prohibitedAlias]: 'A shared mailbox cannot become a personal account',
  [ErrorCode.emailNotAccepted]: 'This e-mail address cannot be used for the portal',
  [ErrorCode.identityConflict]:
    'This e-mail address already signs in with another account of the identity provider',
  [ErrorCode.accessRemoved]:
    "The CRM removed this person's customer record: the access returns when it is active again",
  [ErrorCode.customerRecordRefused]:
    "The CRM's customer record of this address holds values the portal does not take: the access comes when it is fixed there",
  [ErrorCode.linkInvalid]: 'This link is not valid',
  [ErrorCode.linkExpired]: 'This link has expired',
  [ErrorCode.linkUsed]: 'This link has been used already',
  [ErrorCode.emailTaken]: 'This e-mail address is already in use',
  [ErrorCode.notAvailable]: 'The identity provider in use does not offer this',
  [ErrorCode.practiceDisabled]: 'The practice is disabled and cannot be changed',
  [ErrorCode.possibleDuplicate]: 'A practice with this name and postal code exists already',
  [ErrorCode.limitReached]: 'This account has created as many practices as it may',
  [ErrorCode.alreadyMember]: 'This person is already a member of the practice or invited to it',
  [ErrorCode.invitationExpired]: 'The invitation has expired',
  [ErrorCode.secondFactorRequired]:
    'This practice requires a second factor (an authenticator app or a passkey) at sign-in',
  [ErrorCode.handOverRequired]:
    'You are the only superadmin of a practice with other members: hand the role over first',
  [ErrorCode.practiceDeletionRequired]:
    'A practice would be left without its superadmin: name it to delete it with the account',
  [ErrorCode.confirmationFailed]: 'The password or the code is not correct',
  [ErrorCode.reauthenticationRequired]: 'Sign in again and repeat this within a few minutes',
  [ErrorCode.idempotencyKeyReused]:
    'This idempotency key was used for another request: send a new request with a new key',
  [ErrorCode.forbidden]: 'Your role does not allow this',
  [ErrorCode.notFound]: 'Not found',
  [ErrorCode.conflict]: 'Conflict',
  [ErrorCode.rateLimited]: 'Too many requests',
  [ErrorCode.payloadTooLarge]: 'The request body is too large',
  [ErrorCode.unsupportedMediaType]: 'Unsupported content type',
  [ErrorCode.unavailable]: 'Service unavailable',
  [ErrorCode.internal]: 'Internal error',
};

export function problem(status: number, code: ErrorCode, errors?: TypedFieldError[]): Problem {
  return {
    type: `urn:practice-portal:problem:${code}`,
    title: TITLES[code],
    status,
    code,
    ...(errors && errors.length > 0 ? { errors } : {}),
  };
}

/** Thrown by handlers and plugins; the error handler turns it into a problem body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    readonly errors?: TypedFieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(code);
    this.name = 'ApiError';
  }

  static notFound(): ApiError {
    return new ApiError(404, ErrorCode.notFound);
  }

  static forbidden(): ApiError {
    return new ApiError(403, ErrorCode.forbidden);
  }

  static badRequest(errors: TypedFieldError[]): ApiError {
    return new ApiError(400, ErrorCode.validation, errors);
  }
}
