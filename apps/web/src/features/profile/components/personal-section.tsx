import { Card, NativeSelect, SimpleGrid, TextInput, Title } from '@mantine/core';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFormErrorText } from '../../../lib/forms/use-form-error-text.ts';
import type { ProfileChoices } from '../profile-choices.ts';
import { BirthDateField } from './birth-date-field.tsx';
import { selectRegistration, type ProfileForm } from './select-registration.ts';

interface SectionProps {
  form: ProfileForm;
  choices: ProfileChoices;
}

/** Salutation, title, name, date of birth and the language of the portal's mails. */
export function PersonalSection({ form, choices }: SectionProps) {
  const { t } = useTranslation();
  const errorText = useFormErrorText();
  const { register, setValue, control } = form;
  const { errors } = form.formState;
  const typedDate = useWatch({ control, name: 'dateOfBirth' });

  return (
    // The birth date's calendar reaches below the card: with Card's `overflow: hidden` the card
    // scrolled inside itself to show it, hiding the names (issue 22, point 9).
    <Card
      withBorder
      component="section"
      mb="lg"
      aria-labelledby="personal-heading"
      style={{ overflow: 'visible' }}
    >
      <Title order={2} size="h4" id="personal-heading" mb="md">
        {t('PROFILE.PERSONAL_DATA')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NativeSelect
          {...selectRegistration(form, 'salutation')}
          label={t('PROFILE.SALUTATION')}
          data={choices.salutation}
          error={errorText(errors.salutation?.message)}
        />
        <NativeSelect
          {...selectRegistration(form, 'title')}
          label={t('PROFILE.TITLE')}
          data={choices.title}
          error={errorText(errors.title?.message)}
        />
        <TextInput
          {...register('firstName')}
          label={t('PROFILE.FIRST_NAME')}
          required
          autoComplete="given-name"
          error={errorText(errors.firstName?.message)}
        />
        <TextInput
          {...register('lastName')}
          label={t('PROFILE.LAST_NAME')}
          required
          autoComplete="family-name"
          error={errorText(errors.lastName?.message)}
        />
        <BirthDateField
          registration={register('dateOfBirth')}
          typed={typedDate}
          error={errorText(errors.dateOfBirth?.message)}
          onChange={(text) =>
            setValue('dateOfBirth', text, {
              shouldDirty: true,
              shouldTouch: true,
              shouldValidate: true,
            })
          }
        />
        <NativeSelect
          {...selectRegistration(form, 'preferredLanguage')}
          label={t('PROFILE.PREFERRED_LANGUAGE')}
          description={t('PROFILE.PREFERRED_LANGUAGE_HINT')}
          data={choices.preferredLanguage}
          error={errorText(errors.preferredLanguage?.message)}
        />
      </SimpleGrid>
    </Card>
  );
}
