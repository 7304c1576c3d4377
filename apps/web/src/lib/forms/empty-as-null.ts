import { z } from 'zod';
import { UNDEFINED_VALUE } from '@pp/contract';

/** An empty (or blank) text field is sent as null (docs/specification.md §5). */
export const emptyAsNull = (value: string) => (value.trim() === '' ? null : value);

/** A text field that may stay empty: null when it is, otherwise checked by `schema`. */
export const optionalText = <T extends z.ZodType<unknown, string>>(schema: T) =>
  z.string().transform(emptyAsNull).pipe(schema.nullable());

/** A select whose empty entry `UNDEFINED` was chosen is sent as null (docs/specification.md §5). */
export const optionalChoice = <T extends z.ZodType<unknown, string>>(schema: T) =>
  z
    .string()
    .transform((value) => (value === UNDEFINED_VALUE ? null : value))
    .pipe(schema.nullable());
