import {
  ErrorCode,
  FieldErrorCode,
  isErrorCode,
  isFieldErrorCode,
  type FieldError,
} from '@pp/contract';
import { ApiCallError, type ApiFieldError } from './api-context.ts';
import { problemAnswer } from './problem-answer.ts';

/**
 * The api's refusal as an {@link ApiCallError}. A body that is no problem keeps only its status;
 * a code this client does not know (from a newer api) counts as the status's fallback code, an
 * unknown field error code as `invalid`, so every code has a text.
 */
export async function problemError(response: Response): Promise<ApiCallError> {
  const body: unknown = await response.json().catch(() => undefined);
  const problem = problemAnswer.safeParse(body);
  const fallback = fallbackCode(response.status);
  if (!problem.success) return new ApiCallError(response.status, fallback);
  const code = isErrorCode(problem.data.code) ? problem.data.code : fallback;
  return new ApiCallError(response.status, code, (problem.data.errors ?? []).map(knownFieldError));
}

function knownFieldError(error: FieldError): ApiFieldError {
  return { ...error, code: isFieldErrorCode(error.code) ? error.code : FieldErrorCode.invalid };
}

function fallbackCode(status: number): ErrorCode {
  if (status === 400) return ErrorCode.validation;
  if (status === 401) return ErrorCode.unauthenticated;
  if (status === 403) return ErrorCode.forbidden;
  if (status === 404) return ErrorCode.notFound;
  if (status === 409) return ErrorCode.conflict;
  if (status === 413) return ErrorCode.payloadTooLarge;
  if (status === 415) return ErrorCode.unsupportedMediaType;
  if (status === 429) return ErrorCode.rateLimited;
  if (status === 502 || status === 503 || status === 504) return ErrorCode.unavailable;
  return ErrorCode.internal;
}
