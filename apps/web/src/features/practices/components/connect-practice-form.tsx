import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '@pp/contract';
import { RefusalAlert } from '../../../components/forms/refusal-alert.tsx';
import { fieldErrorMap } from '../../../lib/forms/field-error-map.ts';
import { serverFieldErrors } from '../../../lib/forms/server-field-errors.ts';
import { useFormErrorText } from '../../../lib/forms/use-form-error-text.ts';
import { useToasts } from '../../../lib/toasts/toast-context.ts';
import { TOAST_MESSAGES } from '../../../lib/toasts/toast-store.ts';
import { useConnectExistingCompany } from '../api/connect-existing-company.ts';
import {
  CONNECT_FIELDS,
  connectFormSchema,
  EMPTY_CONNECT,
  type ConnectFormValues,
  type ConnectRequest,
} from '../connect-form-values.ts';

const resolver = zodResolver(connectFormSchema, { error: fieldErrorMap });

/**
 * Asks to join an existing practice. The api answers the same for a right or a wrong pair, so
 * the notice afterwards says only what happens if they match.
 */
export function ConnectPracticeForm() {
  const { t } = useTranslation();
  const toasts = useToasts();
  const errorText = useFormErrorText();
  const connect = useConnectExistingCompany();
  const [requested, setRequested] = useState(false);
  const [refusal, setRefusal] = useState<unknown>();
  const { register, handleSubmit, reset, setError, formState } = useForm<
    ConnectFormValues,
    unknown,
    ConnectRequest
  >({ resolver, mode: 'onTouched', defaultValues: EMPTY_CONNECT });

  const submit = handleSubmit(async (body) => {
    if (connect.isPending) return;
    setRequested(false);
    setRefusal(undefined);
    try {
      await connect.mutateAsync(body);
      reset(EMPTY_CONNECT);
      setRequested(true);
    } catch (error) {
      serverFieldErrors(error, 'body', CONNECT_FIELDS).forEach(({ field, message }, index) =>
        setError(field, { type: 'server', message }, { shouldFocus: index === 0 }),
      );
      setRefusal(error);
      toasts.show(TOAST_MESSAGES.SAVE_ERROR);
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label={t('CONNECT.FORM')}>
      {requested && (
        <Alert role="status" color="teal" variant="outline" mb="md" title={t('CONNECT.SENT_TITLE')}>
          {t('CONNECT.SENT')}{' '}
          <Anchor component={Link} to={ROUTES.myPractice}>
            {t('CONNECT.TO_MY_PRACTICE')}
          </Anchor>
        </Alert>
      )}
      <RefusalAlert error={refusal} />
      <Stack gap="md">
        <TextInput
          {...register('customerNumber')}
          label={t('CONNECT.CUSTOMER_NUMBER')}
          description={t('CONNECT.CUSTOMER_NUMBER_HINT')}
          required
          autoComplete="off"
          error={errorText(formState.errors.customerNumber?.message)}
        />
        <TextInput
          {...register('postalCode')}
          label={t('CONNECT.POSTAL_CODE')}
          description={t('CONNECT.POSTAL_CODE_HINT')}
          required
          autoComplete="off"
          error={errorText(formState.errors.postalCode?.message)}
        />
      </Stack>
      <Button type="submit" mt="lg" loading={formState.isSubmitting || connect.isPending}>
        {t('CONNECT.SUBMIT')}
      </Button>
    </form>
  );
}
