import { z } from 'zod';

/**
 * Stable error codes of the api. The web app translates them (`ERRORS.<code>`);
 * clients must rely on the code, never on `title` or `detail`.
 */
export const ErrorCode = {
  validation: 'validation_failed',
  unauthenticated: 'unauthenticated',
  identityUnverified: 'identity_unverified',
  /** The address is a shared mailbox (info@, praxis@ …) and may not become a personal account. */
  prohibitedAlias: 'prohibited_alias',
  forbidden: 'forbidden',
  notFound: 'not_found',
  conflict: 'conflict',
  rateLimited: 'rate_limited',
  payloadTooLarge: 'payload_too_large',
  unsupportedMediaType: 'unsupported_media_type',
  unavailable: 'service_unavailable',
  internal: 'internal_error',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Codes of single field errors inside a `validation_failed` problem. */
export const FieldErrorCode = {
  required: 'required',
  invalid: 'invalid',
  invalidType: 'invalid_type',
  tooShort: 'too_short',
  tooLong: 'too_long',
  invalidEmail: 'invalid_email',
  prohibitedAlias: 'prohibited_alias',
  unknownField: 'unknown_field',
  notChangeable: 'not_changeable',
} as const;
export type FieldErrorCode = (typeof FieldErrorCode)[keyof typeof FieldErrorCode];

export const FieldErrorSchema = z.object({
  /** Where the error is: `body.firstName`, `query.practiceId`, `body.address.postalCode`. */
  field: z.string(),
  code: z.string(),
  /** Parameters the translation may use, such as `{ "maximum": 100 }`. */
  params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
});
export type FieldError = z.infer<typeof FieldErrorSchema>;

/** RFC 9457 problem details, extended with a stable `code` and field errors. */
export const ProblemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    code: z.string(),
    detail: z.string().optional(),
    instance: z.string().optional(),
    errors: z.array(FieldErrorSchema).optional(),
  })
  .meta({ id: 'Problem' });
export type Problem = z.infer<typeof ProblemSchema>;

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';
