import { z } from 'zod';
import {
  CountrySchema,
  DEFAULT_COUNTRY,
  postalCodeFitsCountry,
  PostalCodeSchema,
} from './company.ts';
import { LOCATION_STATUSES } from './codes.ts';
import { IdSchema } from './customer.ts';
import { EmailSchema } from './email.ts';
import { PhoneSchema } from './profile.ts';
import { PlaceNameSchema } from './names.ts';
import { plainText } from './text.ts';

export const LocationSchema = z
  .object({
    locationId: IdSchema,
    companyId: IdSchema,
    name: z.string(),
    street: z.string().nullable(),
    postalCode: z.string().nullable(),
    city: z.string().nullable(),
    country: z.string(),
    phoneNumber: z.string().nullable(),
    invoiceMail: z.string().nullable(),
    status: z.enum(LOCATION_STATUSES),
  })
  .meta({ id: 'Location' });
export type Location = z.infer<typeof LocationSchema>;

export const LOCATION_SORT_FIELDS = ['name', 'city', 'postalCode'] as const;
export const PAGE_SIZES = [10, 25, 50, 100] as const;

/** Paging, sorting and a search term: optional, the specification's parameters stay as they are. */
const listOptions = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((size) => PAGE_SIZES.some((allowed) => allowed === size))
    .default(25),
  sort: z.enum(LOCATION_SORT_FIELDS).default('name'),
  direction: z.enum(['asc', 'desc']).default('asc'),
  /** Matches name, street, postal code or city, folding case, umlauts, ß and accents (decision 0056). */
  search: z.string().trim().max(100).optional(),
};

export const LocationsQuerySchema = z.strictObject({
  /** The practice (`parentId` in the specification). */
  parentId: IdSchema,
  /** Whose assigned locations are marked: the caller, or anyone for an admin. */
  contactId: IdSchema,
  ...listOptions,
});

export const LocationsSchema = z
  .object({
    /** One page of the practice's locations. */
    locationListObjectVms: z.array(LocationSchema),
    /** Every location of the practice the contact is assigned to. */
    associatedLocationListObjectVms: z.array(LocationSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  })
  .meta({ id: 'Locations' });
export type Locations = z.infer<typeof LocationsSchema>;

/** An empty phone number or invoice e-mail is stored as null (docs/specification.md §5). */
const emptyAsNull = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    schema.nullable(),
  );

const locationFields = {
  name: PlaceNameSchema,
  street: plainText(200),
  postalCode: PostalCodeSchema,
  city: plainText(100),
  country: CountrySchema,
  phoneNumber: emptyAsNull(PhoneSchema),
  invoiceMail: emptyAsNull(EmailSchema),
};

export const LocationCreateSchema = z
  .strictObject({
    companyId: IdSchema,
    ...locationFields,
    country: CountrySchema.default(DEFAULT_COUNTRY),
    phoneNumber: locationFields.phoneNumber.optional(),
    invoiceMail: locationFields.invoiceMail.optional(),
  })
  .superRefine(postalCodeFitsCountry)
  .meta({ id: 'LocationCreate' });
export type LocationCreate = z.input<typeof LocationCreateSchema>;

/**
 * Absent fields stay as they are. `companyId` may be sent (the object as read), but a location
 * never moves to another practice: another value is 400 `not_changeable`.
 */
export const LocationUpdateSchema = z
  .strictObject({
    locationId: IdSchema,
    companyId: IdSchema.optional(),
    name: locationFields.name.optional(),
    street: locationFields.street.optional(),
    postalCode: locationFields.postalCode.optional(),
    city: locationFields.city.optional(),
    country: locationFields.country.optional(),
    phoneNumber: locationFields.phoneNumber.optional(),
    invoiceMail: locationFields.invoiceMail.optional(),
    status: z.enum(LOCATION_STATUSES).optional(),
  })
  .meta({ id: 'LocationUpdate' });
export type LocationUpdate = z.input<typeof LocationUpdateSchema>;
