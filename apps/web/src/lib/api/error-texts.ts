import type { ErrorCode, FieldErrorCode } from '@pp/contract';

/** The translation key of an api error code's text (`ERRORS.<code>`). */
export const errorTextKey = (code: ErrorCode) => `ERRORS.${code}`;

/** The translation key of a field error code's text (`FIELD_ERRORS.<code>`); params fill it. */
export const fieldErrorTextKey = (code: FieldErrorCode) => `FIELD_ERRORS.${code}`;
