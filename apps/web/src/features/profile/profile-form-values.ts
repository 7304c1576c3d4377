import { z } from 'zod';
import {
  BirthDateSchema,
  fieldError,
  FieldErrorCode,
  formatGermanDate,
  LANGUAGES,
  parseGermanDate,
  PhoneSchema,
  PicklistCodeSchema,
  PersonNameSchema,
  TITLE_CODES,
  UNDEFINED_VALUE,
  type Customer,
  type CustomerUpdate,
  type Language,
} from '@pp/contract';
import { optionalChoice, optionalText } from '../../lib/forms/empty-as-null.ts';

/** The profile form as typed: selects hold a code or `UNDEFINED`, the date as the user wrote it. */
export interface ProfileFormValues {
  salutation: string;
  title: string;
  firstName: string;
  lastName: string;
  phone: string;
  position: string;
  profession: string;
  otherIndustry: string;
  dateOfBirth: string;
  preferredLanguage: Language;
}

export const PROFILE_FIELDS = [
  'salutation',
  'title',
  'firstName',
  'lastName',
  'phone',
  'position',
  'profession',
  'otherIndustry',
  'dateOfBirth',
  'preferredLanguage',
] as const satisfies readonly (keyof ProfileFormValues)[];

/** DD/MM/YYYY or D.M.YYYY, or nothing; then the contract's rule (from 1900, not in the future). */
const birthDate = z
  .string()
  .transform((value, context) => {
    if (value.trim() === '') return null;
    const iso = parseGermanDate(value);
    if (iso) return iso;
    context.addIssue({ code: 'custom', ...fieldError(FieldErrorCode.invalidDate) });
    return z.NEVER;
  })
  .pipe(BirthDateSchema.nullable());

/** Checks the form in the browser and turns it into the body of `Customer/UpdateCustomerData`. */
export const profileFormSchema = z.object({
  salutation: optionalChoice(PicklistCodeSchema),
  title: optionalChoice(z.enum(TITLE_CODES)),
  firstName: PersonNameSchema,
  lastName: PersonNameSchema,
  phone: optionalText(PhoneSchema),
  position: optionalChoice(PicklistCodeSchema),
  profession: optionalChoice(PicklistCodeSchema),
  otherIndustry: optionalChoice(PicklistCodeSchema),
  dateOfBirth: birthDate,
  preferredLanguage: z.enum(LANGUAGES),
}) satisfies z.ZodType<CustomerUpdate, ProfileFormValues>;

/** The customer's data as the form shows it. */
export function profileFormValues(customer: Customer): ProfileFormValues {
  return {
    salutation: customer.salutation ?? UNDEFINED_VALUE,
    title: customer.title ?? UNDEFINED_VALUE,
    firstName: customer.firstName ?? '',
    lastName: customer.lastName ?? '',
    phone: customer.phone ?? '',
    position: customer.position ?? UNDEFINED_VALUE,
    profession: customer.profession ?? UNDEFINED_VALUE,
    otherIndustry: customer.otherIndustry ?? UNDEFINED_VALUE,
    dateOfBirth: customer.dateOfBirth ? formatGermanDate(customer.dateOfBirth) : '',
    preferredLanguage: customer.preferredLanguage,
  };
}
