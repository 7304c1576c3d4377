import { TextInput } from '@mantine/core';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFormErrorText } from '../../lib/forms/use-form-error-text.ts';

/** The address part of a form's values, as typed. */
export interface AddressValues {
  street: string;
  postalCode: string;
  city: string;
}

interface AddressFieldsProps {
  register: UseFormRegister<AddressValues>;
  errors: FieldErrors<AddressValues>;
  /** Says what a postal code looks like where the country can be chosen. */
  withPostalCodeHint?: boolean;
}

/** Street, postal code and city of a practice or a location, in a form's grid. */
export function AddressFields({
  register,
  errors,
  withPostalCodeHint = false,
}: AddressFieldsProps) {
  const { t } = useTranslation();
  const errorText = useFormErrorText();
  return (
    <>
      <TextInput
        {...register('street')}
        label={t('ADDRESS_FORM.STREET')}
        required
        autoComplete="address-line1"
        error={errorText(errors.street?.message)}
      />
      <TextInput
        {...register('postalCode')}
        label={t('ADDRESS_FORM.POSTAL_CODE')}
        description={withPostalCodeHint ? t('ADDRESS_FORM.POSTAL_CODE_HINT') : undefined}
        required
        inputMode="numeric"
        autoComplete="postal-code"
        error={errorText(errors.postalCode?.message)}
      />
      <TextInput
        {...register('city')}
        label={t('ADDRESS_FORM.CITY')}
        required
        autoComplete="address-level2"
        error={errorText(errors.city?.message)}
      />
    </>
  );
}
