import { describe, expect, it } from 'vitest';
import {
  ConnectCompanySchema,
  customerNumberOf,
  dammCheckDigit,
  FieldErrorCode,
  passesCheckDigit,
} from '../src/index.ts';

const fieldErrorsOf = (customerNumber: string) => {
  const result = ConnectCompanySchema.safeParse({ customerNumber, postalCode: '10115' });
  return result.success
    ? []
    : result.error.issues.map((issue) => (issue.code === 'custom' ? issue.params : issue.code));
};

describe('customer numbers (decision 0052)', () => {
  it('compute the Damm check digit', () => {
    // The worked example of Damm's algorithm: 572 → 4.
    expect(dammCheckDigit('572')).toBe(4);
    expect(customerNumberOf('123456789')).toBe('P-1234567894');
    expect(passesCheckDigit('P-1234567894')).toBe(true);
  });

  it('catch every single mistyped digit and every swap of neighbours', () => {
    const number = customerNumberOf('480153927');
    const digits = number.slice(2);
    for (let i = 0; i < digits.length; i += 1) {
      for (let d = 0; d <= 9; d += 1) {
        const typo = `${digits.slice(0, i)}${d}${digits.slice(i + 1)}`;
        if (typo !== digits) expect(passesCheckDigit(`P-${typo}`), typo).toBe(false);
      }
      const swapped = `${digits.slice(0, i)}${digits[i + 1] ?? ''}${digits[i]}${digits.slice(i + 2)}`;
      if (i + 1 < digits.length && swapped !== digits) {
        expect(passesCheckDigit(`P-${swapped}`), swapped).toBe(false);
      }
    }
  });

  it('accept new numbers and the six-digit ones made before, in any case', () => {
    expect(fieldErrorsOf(customerNumberOf('000000017'))).toEqual([]);
    expect(fieldErrorsOf(' p-900001 ')).toEqual([]);
    expect(ConnectCompanySchema.parse({ customerNumber: 'p-900001', postalCode: '1' })).toEqual({
      customerNumber: 'P-900001',
      postalCode: '1',
    });
  });

  it('refuse a typo as check_digit_mismatch and another shape as invalid', () => {
    expect(fieldErrorsOf('P-1234567890')).toEqual([
      { fieldError: FieldErrorCode.checkDigitMismatch },
    ]);
    expect(fieldErrorsOf('P-123456789')).toEqual(['invalid_format']);
    expect(fieldErrorsOf('P-12345')).toEqual(['invalid_format']);
  });
});
