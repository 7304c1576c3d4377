import { z } from 'zod';
import type { FieldErrorCode } from './error-codes.ts';

export const FieldErrorSchema = z.object({
  /** Where the error is: `body.firstName`, `query.practiceId`, `body.address.postalCode`. */
  field: z.string(),
  /**
   * A {@link FieldErrorCode}. Read as any string, so that a client older than the api still
   * reads the problem (a new code then counts as `invalid`).
   */
  code: z.string(),
  /** Parameters the translation may use, such as `{ "maximum": 100 }`. */
  params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
});
export type FieldError = z.infer<typeof FieldErrorSchema>;
/** A field error as the api writes it: its code is one of {@link FieldErrorCode}. */
export type TypedFieldError = Omit<FieldError, 'code'> & { code: FieldErrorCode };

/** RFC 9457 problem details, extended with a stable `code` and field errors. */
export const ProblemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    /** An {@link ErrorCode}; read as any string for the same reason as a field error's code. */
    code: z.string(),
    detail: z.string().optional(),
    instance: z.string().optional(),
    errors: z.array(FieldErrorSchema).optional(),
  })
  .meta({ id: 'Problem' });
export type Problem = z.infer<typeof ProblemSchema>;

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';
