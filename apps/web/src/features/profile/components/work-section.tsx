import { Card, NativeSelect, SimpleGrid, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormErrorText } from '../../../lib/forms/use-form-error-text.ts';
import type { ProfileChoices } from '../profile-choices.ts';
import { selectRegistration, type ProfileForm } from './select-registration.ts';

interface SectionProps {
  form: ProfileForm;
  choices: ProfileChoices;
}

/** Phone, position, profession and other industry. */
export function WorkSection({ form, choices }: SectionProps) {
  const { t } = useTranslation();
  const errorText = useFormErrorText();
  const { register } = form;
  const { errors } = form.formState;

  return (
    <Card withBorder component="section" mb="lg" aria-labelledby="work-heading">
      <Title order={2} size="h4" id="work-heading" mb="md">
        {t('PROFILE.WORK_DATA')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          {...register('phone')}
          label={t('PROFILE.PHONE')}
          description={t('PROFILE.PHONE_HINT')}
          type="tel"
          autoComplete="tel"
          error={errorText(errors.phone?.message)}
        />
        <NativeSelect
          {...selectRegistration(form, 'position')}
          label={t('PROFILE.POSITION')}
          data={choices.position}
          error={errorText(errors.position?.message)}
        />
        <NativeSelect
          {...selectRegistration(form, 'profession')}
          label={t('PROFILE.PROFESSION')}
          data={choices.profession}
          error={errorText(errors.profession?.message)}
        />
        <NativeSelect
          {...selectRegistration(form, 'otherIndustry')}
          label={t('PROFILE.OTHER_INDUSTRY')}
          description={t('PROFILE.OTHER_INDUSTRY_HINT')}
          data={choices.otherIndustry}
          error={errorText(errors.otherIndustry?.message)}
        />
      </SimpleGrid>
    </Card>
  );
}
