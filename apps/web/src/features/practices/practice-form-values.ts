import { z } from 'zod';
import {
  CountrySchema,
  DEFAULT_COUNTRY,
  EmailSchema,
  isPostalCode,
  PhoneSchema,
  PlaceNameSchema,
  WebsiteSchema,
  type Company as PracticeDetails,
} from '@pp/contract';
import { addressSchema, postalCodeError } from '../../lib/forms/address-schema.ts';
import { emptyAsNull, optionalText } from '../../lib/forms/empty-as-null.ts';

/** The practice form as typed: every field a string, empty ones included. */
export interface PracticeFormValues {
  name: string;
  street: string;
  postalCode: string;
  city: string;
  country: string;
  phone: string;
  email: string;
  website: string;
}

export const PRACTICE_FIELDS = [
  'name',
  'street',
  'postalCode',
  'city',
  'country',
  'phone',
  'email',
  'website',
] as const satisfies readonly (keyof PracticeFormValues)[];

/** What the api stores for a practice: optional fields empty as null. */
export type PracticeFields = z.output<typeof practiceFormSchema>;

/** People write `www.praxis.de`; the api stores a full address. */
const withScheme = (value: string) =>
  value.trim() === '' || /^[a-z][a-z\d+.-]*:/i.test(value.trim())
    ? value
    : `https://${value.trim()}`;

/** Checks the form in the browser as the api does; German postal codes have five digits. */
export const practiceFormSchema = z
  .object({
    name: PlaceNameSchema,
    ...addressSchema,
    // Empty for a practice from the CRM without one (issue 44): to be chosen before saving.
    country: z.string().min(1).pipe(CountrySchema),
    phone: optionalText(PhoneSchema),
    email: optionalText(EmailSchema),
    website: z.string().transform(withScheme).transform(emptyAsNull).pipe(WebsiteSchema.nullable()),
  })
  .superRefine(({ postalCode, country }, context) => {
    if (country === '' || isPostalCode(postalCode.trim(), country)) return;
    context.addIssue({ code: 'custom', path: ['postalCode'], ...postalCodeError(country) });
  });

export const EMPTY_PRACTICE: PracticeFormValues = {
  name: '',
  street: '',
  postalCode: '',
  city: '',
  country: DEFAULT_COUNTRY,
  phone: '',
  email: '',
  website: '',
};

/** A practice's stored data as the form shows it. */
export function practiceFormValues(practice: PracticeDetails): PracticeFormValues {
  return {
    name: practice.name,
    street: practice.street ?? '',
    postalCode: practice.postalCode ?? '',
    city: practice.city ?? '',
    // None from the CRM (issue 44): the form asks for one before saving.
    country: practice.country ?? '',
    phone: practice.phone ?? '',
    email: practice.email ?? '',
    website: practice.website ?? '',
  };
}
