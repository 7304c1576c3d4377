import { z } from 'zod';
import { FieldErrorCode } from './error-codes.ts';
import { fieldError } from './text.ts';

/**
 * Customer numbers of practices (decision 0052). New ones are `P-` and ten digits: nine random
 * digits and a Damm check digit, so that numbers cannot be walked and a mistyped or swapped digit
 * is caught before a request is sent. The six-digit numbers made before (`P-100001`, the demo
 * practices' `P-900001`) carry no check digit and stay valid.
 */
export const CUSTOMER_NUMBER_PREFIX = 'P-';
export const CUSTOMER_NUMBER_RANDOM_DIGITS = 9;
const LEGACY_DIGITS = 6;

// The Damm operation table (a totally anti-symmetric quasigroup of order 10).
const DAMM = [
  [0, 3, 1, 7, 5, 9, 8, 6, 4, 2],
  [7, 0, 9, 2, 1, 5, 4, 8, 6, 3],
  [4, 2, 0, 6, 8, 7, 1, 3, 5, 9],
  [1, 7, 5, 0, 9, 8, 3, 4, 2, 6],
  [6, 1, 2, 3, 0, 4, 5, 9, 7, 8],
  [3, 6, 7, 4, 2, 0, 9, 5, 8, 1],
  [5, 8, 6, 9, 7, 2, 0, 1, 3, 4],
  [8, 9, 4, 5, 3, 6, 2, 0, 1, 7],
  [9, 4, 3, 8, 6, 1, 7, 2, 0, 5],
  [2, 5, 8, 1, 4, 3, 6, 7, 9, 0],
] as const;

/**
 * The Damm check digit of a string of digits: the digit that makes it valid when appended, and 0
 * for a string that already ends in its check digit.
 */
export function dammCheckDigit(digits: string): number {
  let interim = 0;
  for (const digit of digits) interim = DAMM[interim]![Number(digit)]!;
  return interim;
}

/** A new customer number from nine digits (random ones, made by the api). */
export function customerNumberOf(randomDigits: string): string {
  return `${CUSTOMER_NUMBER_PREFIX}${randomDigits}${dammCheckDigit(randomDigits)}`;
}

const SHAPE = new RegExp(
  `^${CUSTOMER_NUMBER_PREFIX}(\\d{${LEGACY_DIGITS}}|\\d{${CUSTOMER_NUMBER_RANDOM_DIGITS + 1}})$`,
  'i',
);

/** `P-` and six digits (made before decision 0052) or ten digits ending in their check digit. */
export function hasCustomerNumberShape(value: string): boolean {
  return SHAPE.test(value);
}

/** Whether a number of the right shape passes its check digit (the six-digit ones have none). */
export function passesCheckDigit(value: string): boolean {
  const digits = value.slice(CUSTOMER_NUMBER_PREFIX.length);
  return digits.length === LEGACY_DIGITS || dammCheckDigit(digits) === 0;
}

/**
 * A customer number as a person types it: any case, spaces around it. A wrong shape is
 * `invalid`; the right shape with a wrong check digit is `check_digit_mismatch` (a typo).
 */
export const CustomerNumberSchema = z
  .string()
  .trim()
  .regex(SHAPE, { abort: true })
  .transform((value) => value.toUpperCase())
  .refine(passesCheckDigit, fieldError(FieldErrorCode.checkDigitMismatch));
