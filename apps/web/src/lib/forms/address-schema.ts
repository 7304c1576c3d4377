import { fieldError, FieldErrorCode, plainText, PostalCodeSchema } from '@pp/contract';

/** Street, postal code and city of a practice or a location, checked as the api checks them. */
export const addressSchema = {
  street: plainText(200),
  postalCode: PostalCodeSchema,
  city: plainText(100),
};

/** Why a postal code does not fit `country`: German postal codes have five digits. */
export const postalCodeError = (country: string) =>
  fieldError(country === 'DE' ? FieldErrorCode.invalidPostalCode : FieldErrorCode.invalid);
