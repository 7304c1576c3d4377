import { z } from 'zod';
import { LANGUAGES, TITLE_CODES } from './codes.ts';
import { CompanyVmSchema, IdSchema } from './customer.ts';
import { FieldErrorCode } from './error-codes.ts';
import { PersonNameSchema } from './names.ts';
import { fieldError } from './text.ts';

/** A code of a picklist (`FRAU`, `DENTIST`); whether it is one of the list's is the api's check. */
export const PicklistCodeSchema = z
  .string()
  .max(64)
  .regex(/^[A-Z][A-Z0-9_]*$/);

const DIGITS = /\d/g;

/** A plausible phone number: digits with +, spaces, brackets, slashes, dots or dashes; 5–20 digits. */
export function isPhoneNumber(value: string): boolean {
  const digits = value.match(DIGITS)?.length ?? 0;
  return /^\+?[\d (/.-]*\d[\d )/.-]*$/.test(value) && digits >= 5 && digits <= 20;
}

export const PhoneSchema = z
  .string()
  .trim()
  .max(40)
  .refine(isPhoneNumber, fieldError(FieldErrorCode.invalidPhone));

/** Today as an ISO date in the portal's time zone (de-DE: Europe/Berlin). */
function todayInGermany(): string {
  return new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Berlin' });
}

/** An ISO date `YYYY-MM-DD` of birth: not before 1900, not in the future. */
export const BirthDateSchema = z.iso
  .date()
  .refine((value) => value >= '1900-01-01', fieldError(FieldErrorCode.dateTooEarly))
  .refine((value) => value <= todayInGermany(), fieldError(FieldErrorCode.dateInFuture));

const nullable = <T extends z.ZodType>(schema: T) => schema.nullable().optional();

/** The membership part of a practice as GetCustomerData answers it (read-only here). */
const CompanyVmInputSchema = z.strictObject(CompanyVmSchema.shape);

/**
 * `Customer/UpdateCustomerData`: the fields a customer changes themself. The body may be the
 * whole object from `GetCustomerData`: its id, e-mail, primary practice and practices are
 * accepted only unchanged (400 `not_changeable` otherwise, and nothing is stored). Absent fields
 * stay as they are; `null` empties a field.
 */
export const CustomerUpdateSchema = z
  .strictObject({
    customerId: IdSchema.optional(),
    email: z.string().max(320).optional(),
    companyId: IdSchema.nullable().optional(),
    associatedCompanies: z
      .strictObject({ companyVms: z.array(CompanyVmInputSchema).max(1000) })
      .optional(),
    salutation: nullable(PicklistCodeSchema),
    title: nullable(z.enum(TITLE_CODES)),
    firstName: nullable(PersonNameSchema),
    lastName: nullable(PersonNameSchema),
    phone: nullable(PhoneSchema),
    position: nullable(PicklistCodeSchema),
    profession: nullable(PicklistCodeSchema),
    otherIndustry: nullable(PicklistCodeSchema),
    dateOfBirth: nullable(BirthDateSchema),
    preferredLanguage: z.enum(LANGUAGES).optional(),
  })
  .meta({ id: 'CustomerUpdate' });
export type CustomerUpdate = z.input<typeof CustomerUpdateSchema>;

/** The fields of {@link CustomerUpdateSchema} a customer may change. */
export const EDITABLE_CUSTOMER_FIELDS = [
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
] as const;

/** Secret of a link in one of our mails: 32 random bytes, base64url. */
export const LinkSecretSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

export const AcceptedSchema = z.object({ status: z.literal('accepted') }).meta({ id: 'Accepted' });
