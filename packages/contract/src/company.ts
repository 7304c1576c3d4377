import { z } from 'zod';
import { COMPANY_STATUSES, MEMBERSHIP_ROLES } from './codes.ts';
import { CustomerNumberSchema } from './customer-number.ts';
import { IdSchema } from './customer.ts';
import { EmailSchema } from './email.ts';
import { FieldErrorCode } from './error-codes.ts';
import { PhoneSchema } from './profile.ts';
import { PlaceNameSchema } from './names.ts';
import { fieldError, plainText } from './text.ts';

/** ISO 3166-1 alpha-2; practices are in Germany unless stated otherwise. */
export const CountrySchema = z.string().regex(/^[A-Z]{2}$/);
export const DEFAULT_COUNTRY = 'DE';

/** Five digits in Germany; elsewhere 2–12 letters, digits, spaces or dashes. */
export function isPostalCode(postalCode: string, country: string): boolean {
  return country === 'DE'
    ? /^\d{5}$/.test(postalCode)
    : /^[A-Za-z0-9][A-Za-z0-9 -]{0,10}[A-Za-z0-9]$/.test(postalCode);
}

export const PostalCodeSchema = z.string().trim().min(1).max(12);

export const WebsiteSchema = z
  .string()
  .trim()
  .max(200)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
    } catch {
      return false;
    }
  }, fieldError(FieldErrorCode.invalidUrl));

/** A practice with all its data, as its members see it (`Company/GetCompany`). */
export const CompanySchema = z
  .object({
    companyId: IdSchema,
    /** None for a practice the operator's CRM holds without an account number (issue 44). */
    customerNumber: z.string().nullable(),
    name: z.string(),
    street: z.string().nullable(),
    postalCode: z.string().nullable(),
    city: z.string().nullable(),
    /** ISO 3166-1 alpha-2; none where the CRM names no country the portal knows (issue 44). */
    country: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    website: z.string().nullable(),
    status: z.enum(COMPANY_STATUSES),
    /**
     * Its members need a second factor in their sign-in (the token's `amr`/`acr`) for any call
     * on its data; only its superadmin changes it (decision 0069).
     */
    requiresSecondFactor: z.boolean(),
    /** The caller's role in the practice. */
    role: z.enum(MEMBERSHIP_ROLES),
  })
  .meta({ id: 'Company' });
export type Company = z.infer<typeof CompanySchema>;

const practiceFields = {
  name: PlaceNameSchema,
  street: plainText(200),
  postalCode: PostalCodeSchema,
  city: plainText(100),
  country: CountrySchema,
  phone: PhoneSchema.nullable(),
  email: EmailSchema.nullable(),
  website: WebsiteSchema.nullable(),
};

/** A German postal code has five digits (checked where the country is known). */
export function postalCodeFitsCountry(
  value: { postalCode?: string | undefined; country?: string | undefined },
  context: z.RefinementCtx,
) {
  if (value.postalCode === undefined) return;
  if (!isPostalCode(value.postalCode, value.country ?? DEFAULT_COUNTRY)) {
    context.addIssue({
      code: 'custom',
      path: ['postalCode'],
      params: { fieldError: FieldErrorCode.invalidPostalCode },
      message: 'postal code does not fit the country',
    });
  }
}

export const CompanyCreateSchema = z
  .strictObject({
    ...practiceFields,
    country: CountrySchema.default(DEFAULT_COUNTRY),
    phone: practiceFields.phone.optional(),
    email: practiceFields.email.optional(),
    website: practiceFields.website.optional(),
    /** Create it although a practice with the same name and postal code exists. */
    confirmDuplicate: z.boolean().optional(),
  })
  .superRefine(postalCodeFitsCountry)
  .meta({ id: 'CompanyCreate' });
export type CompanyCreate = z.input<typeof CompanyCreateSchema>;

/** Absent fields stay as they are; the postal code is checked against the resulting country. */
export const CompanyUpdateSchema = z
  .strictObject({
    companyId: IdSchema,
    name: practiceFields.name.optional(),
    street: practiceFields.street.optional(),
    postalCode: practiceFields.postalCode.optional(),
    city: practiceFields.city.optional(),
    country: practiceFields.country.optional(),
    phone: practiceFields.phone.optional(),
    email: practiceFields.email.optional(),
    website: practiceFields.website.optional(),
    /** Only the superadmin may change it; an admin sending another value is refused (403). */
    requiresSecondFactor: z.boolean().optional(),
  })
  .meta({ id: 'CompanyUpdate' });
export type CompanyUpdate = z.input<typeof CompanyUpdateSchema>;

export const ConnectCompanySchema = z
  .strictObject({ customerNumber: CustomerNumberSchema, postalCode: PostalCodeSchema })
  .meta({ id: 'ConnectCompany' });

/**
 * A request to join as its requester sees it until an admin approves: only what they typed, the
 * same for a right and a wrong pair (decision 0052).
 */
export const SentRequestSchema = z
  .object({
    requestId: IdSchema,
    customerNumber: z.string(),
    postalCode: z.string(),
    requestedAt: z.iso.datetime({ offset: true }),
    /** When it lapses unless an admin approves it first. */
    expiresAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'SentRequest' });
export type SentRequest = z.infer<typeof SentRequestSchema>;

export const SentRequestTargetSchema = z
  .strictObject({ requestId: IdSchema })
  .meta({ id: 'SentRequestTarget' });

export const ENTITLEMENT_STATUSES = ['active', 'upcoming', 'expired'] as const;

export const EntitlementSchema = z
  .object({
    productCode: z.string(),
    name: z.string(),
    /** ISO dates; `validUntil` null: open-ended. */
    validFrom: z.iso.date(),
    validUntil: z.iso.date().nullable(),
    status: z.enum(ENTITLEMENT_STATUSES),
  })
  .meta({ id: 'Entitlement' });
export type Entitlement = z.infer<typeof EntitlementSchema>;
