import { z } from 'zod';
import {
  DEFAULT_COUNTRY,
  EmailSchema,
  isPostalCode,
  PhoneSchema,
  PlaceNameSchema,
  type Location,
} from '@pp/contract';
import { addressSchema, postalCodeError } from '../../lib/forms/address-schema.ts';
import { optionalText } from '../../lib/forms/empty-as-null.ts';

/** The location form as typed: every field a string, empty ones included. */
export interface LocationFormValues {
  name: string;
  street: string;
  postalCode: string;
  city: string;
  phoneNumber: string;
  invoiceMail: string;
}

export const LOCATION_FIELDS = [
  'name',
  'street',
  'postalCode',
  'city',
  'phoneNumber',
  'invoiceMail',
] as const satisfies readonly (keyof LocationFormValues)[];

/**
 * Checks the form in the browser as the api does, for a location in `country` (German postal
 * codes have five digits), and gives the fields of the create and update bodies.
 */
export function locationFormSchema(country: string) {
  return z.object({
    name: PlaceNameSchema,
    ...addressSchema,
    postalCode: addressSchema.postalCode.refine(
      (value) => isPostalCode(value, country),
      postalCodeError(country),
    ),
    phoneNumber: optionalText(PhoneSchema),
    invoiceMail: optionalText(EmailSchema),
  });
}

export type LocationFields = z.output<ReturnType<typeof locationFormSchema>>;

export const EMPTY_LOCATION: LocationFormValues = {
  name: '',
  street: '',
  postalCode: '',
  city: '',
  phoneNumber: '',
  invoiceMail: '',
};

/** New locations are in Germany (the create call's default). */
export const NEW_LOCATION_COUNTRY = DEFAULT_COUNTRY;

export function locationFormValues(location: Location): LocationFormValues {
  return {
    name: location.name,
    street: location.street ?? '',
    postalCode: location.postalCode ?? '',
    city: location.city ?? '',
    phoneNumber: location.phoneNumber ?? '',
    invoiceMail: location.invoiceMail ?? '',
  };
}
