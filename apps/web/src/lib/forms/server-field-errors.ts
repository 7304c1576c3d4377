import { ApiCallError } from '../api/api-context.ts';
import { fieldErrorMessage } from './form-error.ts';

export interface ServerFieldError<F extends string> {
  field: F;
  /** A message for react-hook-form's `setError` (see `formErrorMessage`). */
  message: string;
}

/**
 * The api's field errors that belong to a form's fields: `body.phone` is the field `phone` when
 * `part` is `body`; `body.distributors.0` is the field `distributors`. Errors about anything
 * else (and other refusals) give none.
 */
export function serverFieldErrors<F extends string>(
  error: unknown,
  part: 'body' | 'query',
  fields: readonly F[],
): ServerFieldError<F>[] {
  if (!(error instanceof ApiCallError)) return [];
  return error.errors.flatMap(({ field: path, code, params }) => {
    const [prefix, name] = path.split('.');
    const field = fields.find((candidate) => candidate === name);
    if (prefix !== part || field === undefined) return [];
    return [{ field, message: fieldErrorMessage(code, params) }];
  });
}
