import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '@pp/contract';
import { LeaveDialog } from '../../../components/forms/leave-dialog.tsx';
import { RefusalAlert } from '../../../components/forms/refusal-alert.tsx';
import { fieldErrorMap } from '../../../lib/forms/field-error-map.ts';
import { useFormErrorText } from '../../../lib/forms/use-form-error-text.ts';
import { useSaveForm } from '../../../lib/forms/use-save-form.ts';
import { useConnectExistingCompany } from '../api/connect-existing-company.ts';
import { CONNECT_FIELDS, connectFormSchema, EMPTY_CONNECT } from '../connect-form-values.ts';

const resolver = zodResolver(connectFormSchema, { error: fieldErrorMap });

/**
 * Asks to join an existing practice. The api answers the same for a right or a wrong pair, so
 * the notice afterwards says only what happens if they match.
 */
export function ConnectPracticeForm() {
  const { t } = useTranslation();
  const errorText = useFormErrorText();
  const connect = useConnectExistingCompany();
  const { form, submit, pending, refusal, justSaved, leaveGuard } = useSaveForm({
    resolver,
    values: EMPTY_CONNECT,
    mutation: connect,
    fields: CONNECT_FIELDS,
    savedValues: () => EMPTY_CONNECT,
    savedToast: null,
  });
  const { register, formState } = form;

  return (
    <form noValidate onSubmit={submit} aria-label={t('CONNECT.FORM')}>
      <LeaveDialog guard={leaveGuard} />
      {justSaved && (
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
      <Button type="submit" mt="lg" loading={pending}>
        {t('CONNECT.SUBMIT')}
      </Button>
    </form>
  );
}
