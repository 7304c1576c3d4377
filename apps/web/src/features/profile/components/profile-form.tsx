import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Customer, CustomerUpdate, Picklists } from '@pp/contract';
import { fieldErrorMap } from '../../../lib/forms/field-error-map.ts';
import { serverFieldErrors } from '../../../lib/forms/server-field-errors.ts';
import { useToasts } from '../../../lib/toasts/toast-context.ts';
import { TOAST_MESSAGES } from '../../../lib/toasts/toast-store.ts';
import { useUpdateCustomerData } from '../../../lib/ui-state/api/update-customer-data.ts';
import { profileChoices } from '../profile-choices.ts';
import {
  PROFILE_FIELDS,
  profileFormSchema,
  profileFormValues,
  type ProfileFormValues,
} from '../profile-form-values.ts';
import { PersonalSection } from './personal-section.tsx';
import { WorkSection } from './work-section.tsx';

interface ProfileFormProps {
  customer: Customer;
  picklists: Picklists;
}

const resolver = zodResolver(profileFormSchema, { error: fieldErrorMap });

/**
 * The customer's own data, checked once a field is left and saved with
 * `Customer/UpdateCustomerData`: only the editable fields, empty selects as null. A failed save
 * keeps every input; fields the api refused show its reason.
 */
export function ProfileForm({ customer, picklists }: ProfileFormProps) {
  const { t } = useTranslation();
  const toasts = useToasts();
  const update = useUpdateCustomerData();
  const stored = useMemo(() => profileFormValues(customer), [customer]);
  const form = useForm<ProfileFormValues, unknown, CustomerUpdate>({
    resolver,
    mode: 'onTouched',
    defaultValues: stored,
  });
  const { reset, setError, handleSubmit, formState } = form;

  // Data saved elsewhere (the header's language switch) reaches the fields the user left alone.
  useEffect(() => {
    reset(stored, { keepDirtyValues: true, keepErrors: true });
  }, [stored, reset]);

  const save = handleSubmit(async (body) => {
    // The busy button blocks a second submit; Enter in a field during a save must not either.
    if (update.isPending) return;
    try {
      reset(profileFormValues(await update.mutateAsync(body)));
      toasts.show(TOAST_MESSAGES.SAVE_SUCCESS, 'success');
    } catch (error) {
      serverFieldErrors(error, 'body', PROFILE_FIELDS).forEach(({ field, message }, index) =>
        setError(field, { type: 'server', message }, { shouldFocus: index === 0 }),
      );
      toasts.show(TOAST_MESSAGES.SAVE_ERROR);
    }
  });

  const pending = formState.isSubmitting || update.isPending;
  const choices = profileChoices(t, picklists, stored);
  return (
    <form noValidate onSubmit={(event) => void save(event)} aria-label={t('PROFILE.FORM')}>
      <PersonalSection form={form} choices={choices} />
      <WorkSection form={form} choices={choices} />
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
