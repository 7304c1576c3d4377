import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCode, PROHIBITED_ALIAS_FALLBACK } from '@pp/contract';
import { LeaveDialog } from '../../../components/forms/leave-dialog.tsx';
import { ApiCallError } from '../../../lib/api/api-context.ts';
import { errorTextKey } from '../../../lib/api/error-texts.ts';
import { fieldErrorMap } from '../../../lib/forms/field-error-map.ts';
import { useFormErrorText } from '../../../lib/forms/use-form-error-text.ts';
import { useSaveForm } from '../../../lib/forms/use-save-form.ts';
import { TOAST_MESSAGES } from '../../../lib/toasts/toast-store.ts';
import { useProhibitedAliases } from '../../../lib/ui-state/api/get-email-prohibited-alias.ts';
import { useUpdateEmail } from '../api/update-email.ts';
import { emailChangeSchema, type EmailChangeValues } from '../email-change-schema.ts';

interface EmailChangeFormProps {
  currentEmail: string;
  onCancel: () => void;
  onRequested: (newEmail: string) => void;
}

const NO_NEW_EMAIL: EmailChangeValues = { newEmail: '' };

const isNotAvailable = (error: unknown) =>
  error instanceof ApiCallError && error.code === ErrorCode.notAvailable;

/** The new address, checked in the browser, then `Customer/UpdateEmail`. */
export function EmailChangeForm({ currentEmail, onCancel, onRequested }: EmailChangeFormProps) {
  const { t } = useTranslation();
  const errorText = useFormErrorText();
  const aliases = useProhibitedAliases().data ?? PROHIBITED_ALIAS_FALLBACK;
  const request = useUpdateEmail();
  const resolver = useMemo(
    () => zodResolver(emailChangeSchema(aliases, currentEmail), { error: fieldErrorMap }),
    [aliases, currentEmail],
  );
  const { form, submit, pending, refusal, leaveGuard } = useSaveForm({
    resolver,
    values: NO_NEW_EMAIL,
    mutation: request,
    // The specification's catalogue (§8): a failed save of this form says SAVE_ERROR.
    failedToast: TOAST_MESSAGES.SAVE_ERROR,
    request: ({ newEmail }: EmailChangeValues) => newEmail,
    fields: ['newEmail'],
    fieldsIn: 'query',
    savedToast: null,
    onSaved: (_, { newEmail }) => onRequested(newEmail),
    // Taken by another account: said beside the field, not as a failed save.
    answersItself: isNotAvailable,
  });
  const { register, formState } = form;

  return (
    <form noValidate onSubmit={submit}>
      <LeaveDialog guard={leaveGuard} />
      {isNotAvailable(refusal) && (
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
