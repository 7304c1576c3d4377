import { z } from 'zod';
import { CustomerNumberSchema, hasCustomerNumberShape, PostalCodeSchema } from '@pp/contract';
import { formErrorMessage } from '../../lib/forms/form-error.ts';

export interface ConnectFormValues {
  customerNumber: string;
  postalCode: string;
}

export const CONNECT_FIELDS = ['customerNumber', 'postalCode'] as const;

/**
 * The practice's customer number (any case) and postal code, as the api reads them: a number of
 * another shape gets the form's own hint, a typo the contract's `check_digit_mismatch`.
 */
export const connectFormSchema = z.object({
  customerNumber: z
    .string()
    .trim()
    .min(1)
    .refine(hasCustomerNumberShape, {
      message: formErrorMessage({ key: 'CONNECT.CUSTOMER_NUMBER_FORMAT' }),
      abort: true,
    })
    .pipe(CustomerNumberSchema),
  postalCode: PostalCodeSchema,
});

export type ConnectRequest = z.output<typeof connectFormSchema>;

export const EMPTY_CONNECT: ConnectFormValues = { customerNumber: '', postalCode: '' };
