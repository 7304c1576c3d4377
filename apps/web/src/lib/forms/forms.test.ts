import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EmailSchema, PhoneSchema } from '@pp/contract';
import { ApiCallError } from '../api/api-context.ts';
import { fieldErrorMap } from './field-error-map.ts';
import { readFormErrorMessage } from './form-error.ts';
import { serverFieldErrors } from './server-field-errors.ts';

const firstError = (schema: z.ZodType, value: unknown) =>
  readFormErrorMessage(schema.safeParse(value, { error: fieldErrorMap }).error?.issues[0]?.message);

describe('field errors in the browser', () => {
  it('carry the api’s codes and limits as translation keys', () => {
    const name = z.string().trim().min(1).max(5);
    expect(firstError(name, '  ')).toEqual({ key: 'FIELD_ERRORS.required' });
    expect(firstError(name, 'Annabell')).toEqual({
      key: 'FIELD_ERRORS.too_long',
      params: { maximum: 5 },
    });
    expect(firstError(PhoneSchema, 'ruf mich an')).toEqual({ key: 'FIELD_ERRORS.invalid_phone' });
    expect(firstError(EmailSchema, 'anna@')).toEqual({ key: 'FIELD_ERRORS.invalid_email' });
    expect(firstError(EmailSchema, 'änna@praxis.de')).toEqual({
      key: 'FIELD_ERRORS.invalid_email',
    });
  });

  it('read nothing from a message that is no form error', () => {
    expect(readFormErrorMessage(undefined)).toBeUndefined();
    expect(readFormErrorMessage('Invalid input')).toBeUndefined();
    expect(readFormErrorMessage('{"code":"too_long"}')).toBeUndefined();
  });
});

describe('the api’s field errors', () => {
  const refusal = new ApiCallError(400, 'validation_failed', [
    { field: 'body.phone', code: 'invalid_phone' },
    { field: 'body.distributors.1', code: 'unknown_choice' },
    { field: 'body.email', code: 'not_changeable' },
    { field: 'query.phone', code: 'invalid' },
  ]);

  it('belong to the form field their path names', () => {
    const errors = serverFieldErrors(refusal, 'body', ['phone', 'distributors'] as const);
    expect(errors.map(({ field, message }) => [field, readFormErrorMessage(message)])).toEqual([
      ['phone', { key: 'FIELD_ERRORS.invalid_phone' }],
      ['distributors', { key: 'FIELD_ERRORS.unknown_choice' }],
    ]);
  });

  it('are none for other refusals', () => {
    expect(serverFieldErrors(new ApiCallError(500, 'internal_error'), 'body', ['phone'])).toEqual(
      [],
    );
    expect(serverFieldErrors(new Error('offline'), 'body', ['phone'])).toEqual([]);
  });
});
