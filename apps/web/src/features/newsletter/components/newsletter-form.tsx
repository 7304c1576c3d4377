import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Picklists, Preferences, PreferencesUpdate } from '@pp/contract';
import { fieldErrorMap } from '../../../lib/forms/field-error-map.ts';
import { serverFieldErrors } from '../../../lib/forms/server-field-errors.ts';
import { useFormErrorText } from '../../../lib/forms/use-form-error-text.ts';
import { useToasts } from '../../../lib/toasts/toast-context.ts';
import { TOAST_MESSAGES } from '../../../lib/toasts/toast-store.ts';
import { useUpdatePreferences } from '../api/update-preferences.ts';
import {
  NEWSLETTER_FIELDS,
  newsletterFormSchema,
  newsletterFormValues,
  type NewsletterFormValues,
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
  const toasts = useToasts();
  const errorText = useFormErrorText();
  const update = useUpdatePreferences();
  const stored = useMemo(() => newsletterFormValues(preferences), [preferences]);
  const { control, handleSubmit, reset, setError, formState } = useForm<
    NewsletterFormValues,
    unknown,
    PreferencesUpdate
  >({ resolver, mode: 'onTouched', defaultValues: stored });
  const subscribed = useWatch({ control, name: 'subscribed' });

  useEffect(() => reset(stored), [stored, reset]);

  const save = handleSubmit(async (body) => {
    if (update.isPending) return;
    try {
      await update.mutateAsync(body);
      toasts.show(TOAST_MESSAGES.SAVE_SUCCESS, 'success');
    } catch (error) {
      serverFieldErrors(error, 'body', NEWSLETTER_FIELDS).forEach(({ field, message }, index) =>
        setError(field, { type: 'server', message }, { shouldFocus: index === 0 }),
      );
      toasts.show(TOAST_MESSAGES.SAVE_ERROR);
    }
  });

  const pending = formState.isSubmitting || update.isPending;
  return (
    <form noValidate onSubmit={(event) => void save(event)} aria-label={t('NEWSLETTER.FORM')}>
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
      <Group mb="xl">
        <Button type="submit" loading={pending}>
          {t('ACTIONS.SAVE')}
        </Button>
        <Button
          variant="default"
          disabled={!formState.isDirty || pending}
          onClick={() => reset(stored)}
        >
          {t('ACTIONS.DISCARD')}
        </Button>
      </Group>
    </form>
  );
}
