import { ErrorCode, type FieldError, type Problem } from '@pp/contract';

const TITLES: Record<string, string> = {
  [ErrorCode.validation]: 'The request is not valid',
  [ErrorCode.unauthenticated]: 'A valid access token is required',
  [ErrorCode.identityUnverified]: 'The e-mail address of this identity is not verified',
  [ErrorCode.prohibitedAlias]: 'A shared mailbox cannot become a personal account',
  [ErrorCode.forbidden]: 'Your role does not allow this',
  [ErrorCode.notFound]: 'Not found',
  [ErrorCode.conflict]: 'Conflict',
  [ErrorCode.rateLimited]: 'Too many requests',
  [ErrorCode.payloadTooLarge]: 'The request body is too large',
  [ErrorCode.unsupportedMediaType]: 'Unsupported content type',
  [ErrorCode.unavailable]: 'Service unavailable',
  [ErrorCode.internal]: 'Internal error',
};

export function problem(status: number, code: string, errors?: FieldError[]): Problem {
  return {
    type: `urn:practice-portal:problem:${code}`,
    title: TITLES[code] ?? code,
    status,
    code,
    ...(errors && errors.length > 0 ? { errors } : {}),
  };
}

/** Thrown by handlers and plugins; the error handler turns it into a problem body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly errors?: FieldError[],
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

  static badRequest(errors: FieldError[]): ApiError {
    return new ApiError(400, ErrorCode.validation, errors);
  }
}
