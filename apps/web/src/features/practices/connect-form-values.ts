import { z } from 'zod';
import { CustomerNumberSchema, PostalCodeSchema } from '@pp/contract';
import { formErrorMessage } from '../../lib/forms/form-error.ts';

export interface ConnectFormValues {
  customerNumber: string;
  postalCode: string;
}

export const CONNECT_FIELDS = ['customerNumber', 'postalCode'] as const;

/** The practice's customer number (`P-123456`, any case) and postal code, as the api reads them. */
export const connectFormSchema = z.object({
  customerNumber: z
    .string()
    .trim()
    .min(1)
    .regex(/^P-\d{6,9}$/i, { message: formErrorMessage({ key: 'CONNECT.CUSTOMER_NUMBER_FORMAT' }) })
    .pipe(CustomerNumberSchema),
  postalCode: PostalCodeSchema,
});

export type ConnectRequest = z.output<typeof connectFormSchema>;

export const EMPTY_CONNECT: ConnectFormValues = { customerNumber: '', postalCode: '' };
