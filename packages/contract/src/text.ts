import { z } from 'zod';
import { FieldErrorCode } from './error-codes.ts';

/** Control characters (C0, C1, DEL) and line separators: never part of a value we store. */
const CONTROL_CHARACTERS = /[\p{Cc}\u2028\u2029]/u;

export function hasControlCharacters(value: string): boolean {
  return CONTROL_CHARACTERS.test(value);
}

/** A refinement's options that make the api report this field error code. */
export function fieldError(code: FieldErrorCode) {
  return { params: { fieldError: code } };
}

/** One line a person types (a name, a street): trimmed, 1 to `max` characters, no control characters. */
export function plainText(max: number) {
  return z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((value) => !hasControlCharacters(value), fieldError(FieldErrorCode.invalidCharacters));
}
