import { SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AddressFields } from '../../../components/forms/address-fields.tsx';
import { useFormErrorText } from '../../../lib/forms/use-form-error-text.ts';
import type { LocationFields, LocationFormValues } from '../location-form-values.ts';

export type LocationForm = UseFormReturn<LocationFormValues, unknown, LocationFields>;

/** Name and address of a location, its phone number and the address its invoices go to. */
export function LocationFieldset({ form }: { form: LocationForm }) {
  const { t } = useTranslation();
  const errorText = useFormErrorText();
  const { register } = form;
  const { errors } = form.formState;

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput
        {...register('name')}
        label={t('LOCATION_FORM.NAME')}
        description={t('LOCATION_FORM.NAME_HINT')}
        required
        autoComplete="off"
        error={errorText(errors.name?.message)}
      />
      <AddressFields register={register} errors={errors} />
      <TextInput
        {...register('phoneNumber')}
        label={t('LOCATION_FORM.PHONE')}
        description={t('LOCATION_FORM.OPTIONAL')}
        type="tel"
        autoComplete="tel"
        error={errorText(errors.phoneNumber?.message)}
      />
      <TextInput
        {...register('invoiceMail')}
        label={t('LOCATION_FORM.INVOICE_MAIL')}
        description={t('LOCATION_FORM.INVOICE_MAIL_HINT')}
        type="email"
        autoComplete="email"
        error={errorText(errors.invoiceMail?.message)}
      />
    </SimpleGrid>
  );
}
