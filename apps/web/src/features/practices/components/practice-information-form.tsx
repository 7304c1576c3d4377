import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Group, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Company as PracticeDetails } from '@pp/contract';
import { RefusalAlert } from '../../../components/forms/refusal-alert.tsx';
import { fieldErrorMap } from '../../../lib/forms/field-error-map.ts';
import { serverFieldErrors } from '../../../lib/forms/server-field-errors.ts';
import { useToasts } from '../../../lib/toasts/toast-context.ts';
import { TOAST_MESSAGES } from '../../../lib/toasts/toast-store.ts';
import { useUpdateCompany } from '../api/update-company.ts';
import {
  PRACTICE_FIELDS,
  practiceFormSchema,
  practiceFormValues,
  type PracticeFields,
  type PracticeFormValues,
} from '../practice-form-values.ts';
import { PracticeFieldset } from './practice-fields.tsx';

const resolver = zodResolver(practiceFormSchema, { error: fieldErrorMap });

/**
 * The practice's data, saved with `Company/UpdateCompany`. A failed save keeps every input;
 * fields the api refused show its reason.
 */
export function PracticeInformationForm({ practice }: { practice: PracticeDetails }) {
  const { t } = useTranslation();
  const toasts = useToasts();
  const update = useUpdateCompany();
  const [refusal, setRefusal] = useState<unknown>();
  const stored = useMemo(() => practiceFormValues(practice), [practice]);
  const form = useForm<PracticeFormValues, unknown, PracticeFields>({
    resolver,
    mode: 'onTouched',
    defaultValues: stored,
  });
  const { reset, setError, handleSubmit, formState } = form;

  // Data read again (after another admin's save) reaches the fields the user left alone.
  useEffect(() => {
    reset(stored, { keepDirtyValues: true, keepErrors: true });
  }, [stored, reset]);

  const save = handleSubmit(async (body) => {
    if (update.isPending) return;
    setRefusal(undefined);
    try {
      reset(
        practiceFormValues(await update.mutateAsync({ companyId: practice.companyId, ...body })),
      );
      toasts.show(TOAST_MESSAGES.SAVE_SUCCESS, 'success');
    } catch (error) {
      serverFieldErrors(error, 'body', PRACTICE_FIELDS).forEach(({ field, message }, index) =>
        setError(field, { type: 'server', message }, { shouldFocus: index === 0 }),
      );
      setRefusal(error);
      toasts.show(TOAST_MESSAGES.SAVE_ERROR);
    }
  });

  const pending = formState.isSubmitting || update.isPending;
  return (
    <form
      noValidate
      onSubmit={(event) => void save(event)}
      aria-label={t('PRACTICE_INFORMATION.FORM')}
    >
      <Card withBorder component="section" mb="lg" aria-labelledby="practice-data-heading">
        <Title order={2} size="h4" id="practice-data-heading" mb="xs">
          {t('PRACTICE_INFORMATION.DATA_TITLE')}
        </Title>
        <Text mb="md">
          {t('PRACTICE.CUSTOMER_NUMBER')}: <strong>{practice.customerNumber}</strong>
        </Text>
        <RefusalAlert error={refusal} />
        <PracticeFieldset form={form} />
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
