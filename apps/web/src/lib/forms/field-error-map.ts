import type { z } from 'zod';
import { FieldErrorCode, isFieldErrorCode } from '@pp/contract';
import { fieldErrorMessage } from './form-error.ts';

type Issue = Parameters<z.core.$ZodErrorMap>[0];

const limit = (value: unknown) =>
  typeof value === 'number' || typeof value === 'bigint' ? Number(value) : undefined;

/**
 * Zod's issues as the api's field error codes (`apps/api/src/plugins/errors.ts` maps them the
 * same way), so the browser and the api say the same about the same input. Pass it to a parse:
 * `schema.safeParse(value, { error: fieldErrorMap })` or `zodResolver(schema, { error: … })`.
 */
export function fieldErrorMap(issue: Issue): string {
  const own = issue.code === 'custom' ? issue.params?.['fieldError'] : undefined;
  if (isFieldErrorCode(own)) return fieldErrorMessage(own);
  switch (issue.code) {
    case 'too_small': {
      const minimum = limit(issue.minimum);
      if (issue.origin === 'string' && minimum === 1)
        return fieldErrorMessage(FieldErrorCode.required);
      return fieldErrorMessage(FieldErrorCode.tooShort, minimum === undefined ? {} : { minimum });
    }
    case 'too_big': {
      const maximum = limit(issue.maximum);
      return fieldErrorMessage(FieldErrorCode.tooLong, maximum === undefined ? {} : { maximum });
    }
    case 'invalid_format':
      return fieldErrorMessage(
        issue.format === 'email' ? FieldErrorCode.invalidEmail : FieldErrorCode.invalid,
      );
    case 'invalid_type':
      return fieldErrorMessage(
        issue.input === undefined ? FieldErrorCode.required : FieldErrorCode.invalidType,
      );
    default:
      return fieldErrorMessage(FieldErrorCode.invalid);
  }
}
