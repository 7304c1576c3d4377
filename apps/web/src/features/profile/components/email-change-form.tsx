import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorCode, PROHIBITED_ALIAS_FALLBACK } from '@pp/contract';
import { ApiCallError } from '../../../lib/api/api-context.ts';
import { errorTextKey } from '../../../lib/api/error-texts.ts';
import { fieldErrorMap } from '../../../lib/forms/field-error-map.ts';
import { serverFieldErrors } from '../../../lib/forms/server-field-errors.ts';
import { useFormErrorText } from '../../../lib/forms/use-form-error-text.ts';
import { useToasts } from '../../../lib/toasts/toast-context.ts';
import { TOAST_MESSAGES } from '../../../lib/toasts/toast-store.ts';
import { useProhibitedAliases } from '../../../lib/ui-state/api/get-email-prohibited-alias.ts';
import { useUpdateEmail } from '../api/update-email.ts';
import { emailChangeSchema, type EmailChangeValues } from '../email-change-schema.ts';

interface EmailChangeFormProps {
  currentEmail: string;
  onCancel: () => void;
  onRequested: (newEmail: string) => void;
}

const isNotAvailable = (error: unknown) =>
  error instanceof ApiCallError && error.code === ErrorCode.notAvailable;

/** The new address, checked in the browser, then `Customer/UpdateEmail`. */
export function EmailChangeForm({ currentEmail, onCancel, onRequested }: EmailChangeFormProps) {
  const { t } = useTranslation();
  const toasts = useToasts();
  const errorText = useFormErrorText();
  const aliases = useProhibitedAliases().data ?? PROHIBITED_ALIAS_FALLBACK;
  const request = useUpdateEmail();
  const [notAvailable, setNotAvailable] = useState(false);
  const resolver = useMemo(
    () => zodResolver(emailChangeSchema(aliases, currentEmail), { error: fieldErrorMap }),
    [aliases, currentEmail],
  );
  const { register, handleSubmit, setError, formState } = useForm<
    EmailChangeValues,
    unknown,
    EmailChangeValues
  >({ resolver, mode: 'onTouched', defaultValues: { newEmail: '' } });

  const submit = handleSubmit(async ({ newEmail }) => {
    if (request.isPending) return;
    setNotAvailable(false);
    try {
      await request.mutateAsync(newEmail);
      onRequested(newEmail);
    } catch (error) {
      if (isNotAvailable(error)) {
        setNotAvailable(true);
        return;
      }
      for (const { message } of serverFieldErrors(error, 'query', ['newEmail'] as const)) {
        setError('newEmail', { type: 'server', message }, { shouldFocus: true });
      }
      toasts.show(TOAST_MESSAGES.SAVE_ERROR);
    }
  });

  const pending = formState.isSubmitting || request.isPending;
  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      {notAvailable && (
        <Alert role="alert" color="yellow" variant="outline" mb="md">
          {t(errorTextKey(ErrorCode.notAvailable))}
        </Alert>
      )}
      <TextInput
        {...register('newEmail')}
        label={t('EMAIL_CHANGE.NEW_EMAIL')}
        description={t('EMAIL_CHANGE.NEW_EMAIL_HINT')}
        type="email"
        autoComplete="email"
        required
        data-autofocus
        error={errorText(formState.errors.newEmail?.message)}
      />
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel}>
          {t('ACTIONS.CANCEL')}
        </Button>
        <Button type="submit" loading={pending}>
          {t('EMAIL_CHANGE.SUBMIT')}
        </Button>
      </Group>
    </form>
  );
}
