import { NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AddressFields } from '../../../components/forms/address-fields.tsx';
import { useFormErrorText } from '../../../lib/forms/use-form-error-text.ts';
import { countryOptions } from '../country-options.ts';
import type { PracticeFields, PracticeFormValues } from '../practice-form-values.ts';

export type PracticeForm = UseFormReturn<PracticeFormValues, unknown, PracticeFields>;

/** Name, address and contact of a practice, for adding one and for editing its data. */
export function PracticeFieldset({ form }: { form: PracticeForm }) {
  const { t, i18n } = useTranslation();
  const errorText = useFormErrorText();
  const { register, formState } = form;
  const { errors, defaultValues } = formState;
  const countries = countryOptions(
    i18n.resolvedLanguage ?? i18n.language,
    defaultValues?.country ?? '',
    t('PRACTICE_FORM.COUNTRY_NONE'),
  );

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput
        {...register('name')}
        label={t('PRACTICE_FORM.NAME')}
        required
        autoComplete="organization"
        error={errorText(errors.name?.message)}
      />
      <AddressFields register={register} errors={errors} withPostalCodeHint />
      <NativeSelect
        {...register('country', { deps: ['postalCode'] })}
        defaultValue={defaultValues?.country}
        label={t('PRACTICE_FORM.COUNTRY')}
        data={countries}
        autoComplete="country"
        error={errorText(errors.country?.message)}
      />
      <TextInput
        {...register('phone')}
        label={t('PRACTICE_FORM.PHONE')}
        type="tel"
        autoComplete="tel"
        error={errorText(errors.phone?.message)}
      />
      <TextInput
        {...register('email')}
        label={t('PRACTICE_FORM.EMAIL')}
        description={t('PRACTICE_FORM.EMAIL_HINT')}
        type="email"
        autoComplete="email"
        error={errorText(errors.email?.message)}
      />
      <TextInput
        {...register('website')}
        label={t('PRACTICE_FORM.WEBSITE')}
        placeholder={t('PRACTICE_FORM.WEBSITE_PLACEHOLDER')}
        autoComplete="url"
        error={errorText(errors.website?.message)}
      />
    </SimpleGrid>
  );
}
