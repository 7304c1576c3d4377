import { zodResolver } from '@hookform/resolvers/zod';
import { Card, Checkbox, Stack, Text, Title } from '@mantine/core';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Picklists, Preferences } from '@pp/contract';
import { LeaveDialog } from '../../../components/forms/leave-dialog.tsx';
import { SaveBar } from '../../../components/forms/save-bar.tsx';
import { fieldErrorMap } from '../../../lib/forms/field-error-map.ts';
import { useFormErrorText } from '../../../lib/forms/use-form-error-text.ts';
import { useStoredDataForm } from '../../../lib/forms/use-save-form.ts';
import { useUpdatePreferences } from '../api/update-preferences.ts';
import {
  NEWSLETTER_FIELDS,
  newsletterFormSchema,
  newsletterFormValues,
} from '../newsletter-form-values.ts';
import { ConsentWording } from './consent-wording.tsx';
import { PicklistCheckboxes } from './picklist-checkboxes.tsx';

interface NewsletterFormProps {
  preferences: Preferences;
  picklists: Picklists;
}

const resolver = zodResolver(newsletterFormSchema, { error: fieldErrorMap });

/** Subscribe or unsubscribe, and which newsletters and topics; a failed save keeps the choice. */
export function NewsletterForm({ preferences, picklists }: NewsletterFormProps) {
  const { t } = useTranslation();
  const errorText = useFormErrorText();
  const update = useUpdatePreferences();
  const { form, submit, pending, discard, leaveGuard } = useStoredDataForm({
    resolver,
    mutation: update,
    fields: NEWSLETTER_FIELDS,
    stored: preferences,
    toValues: newsletterFormValues,
  });
  const { control, formState } = form;
  const subscribed = useWatch({ control, name: 'subscribed' });

  return (
    <form noValidate onSubmit={submit} aria-label={t('NEWSLETTER.FORM')}>
      <LeaveDialog guard={leaveGuard} />
      <Card withBorder component="section" mb="lg" aria-labelledby="subscription-heading">
        <Title order={2} size="h4" id="subscription-heading" mb="md">
          {t('NEWSLETTER.SUBSCRIPTION')}
        </Title>
        <Stack gap="lg">
          <Controller
            control={control}
            name="subscribed"
            render={({ field: { value, onChange, ...field } }) => (
              <Checkbox
                {...field}
                checked={value}
                onChange={(event) => onChange(event.currentTarget.checked)}
                label={t('NEWSLETTER.SUBSCRIBE')}
                description={<ConsentWording />}
              />
            )}
          />
          <PicklistCheckboxes
            control={control}
            name="distributors"
            label={t('NEWSLETTER.DISTRIBUTORS')}
            description={t('NEWSLETTER.DISTRIBUTORS_HINT')}
            values={picklists.newsletterDistributor.values}
            disabled={!subscribed}
            error={errorText(formState.errors.distributors?.message)}
          />
          <PicklistCheckboxes
            control={control}
            name="interests"
            label={t('NEWSLETTER.INTERESTS')}
            description={t('NEWSLETTER.INTERESTS_HINT')}
            values={picklists.newsletterInterests.values}
            disabled={!subscribed}
            error={errorText(formState.errors.interests?.message)}
          />
          {!subscribed && <Text size="sm">{t('NEWSLETTER.NOT_SUBSCRIBED_HINT')}</Text>}
        </Stack>
      </Card>
      <SaveBar pending={pending} dirty={formState.isDirty} onDiscard={discard} />
    </form>
  );
}
