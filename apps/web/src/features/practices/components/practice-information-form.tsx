import { zodResolver } from '@hookform/resolvers/zod';
import { Card, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Company as PracticeDetails } from '@pp/contract';
import { LeaveDialog } from '../../../components/forms/leave-dialog.tsx';
import { RefusalAlert } from '../../../components/forms/refusal-alert.tsx';
import { SaveBar } from '../../../components/forms/save-bar.tsx';
import { fieldErrorMap } from '../../../lib/forms/field-error-map.ts';
import { useSaveForm } from '../../../lib/forms/use-save-form.ts';
import { useUpdateCompany } from '../api/update-company.ts';
import {
  PRACTICE_FIELDS,
  practiceFormSchema,
  practiceFormValues,
} from '../practice-form-values.ts';
import { PracticeFieldset } from './practice-fields.tsx';

const resolver = zodResolver(practiceFormSchema, { error: fieldErrorMap });

/**
 * The practice's data, saved with `Company/UpdateCompany`. A failed save keeps every input;
 * fields the api refused show its reason. Data read again (after another admin's save) reaches
 * the fields the user left alone.
 */
export function PracticeInformationForm({ practice }: { practice: PracticeDetails }) {
  const { t } = useTranslation();
  const update = useUpdateCompany();
  const stored = useMemo(() => practiceFormValues(practice), [practice]);
  const { form, submit, pending, discard, refusal, leaveGuard } = useSaveForm({
    resolver,
    values: stored,
    resync: true,
    mutation: update,
    request: (body) => ({ companyId: practice.companyId, ...body }),
    fields: PRACTICE_FIELDS,
    savedValues: practiceFormValues,
  });

  return (
    <form noValidate onSubmit={submit} aria-label={t('PRACTICE_INFORMATION.FORM')}>
      <LeaveDialog guard={leaveGuard} />
      <Card withBorder component="section" mb="lg" aria-labelledby="practice-data-heading">
        <Title order={2} size="h4" id="practice-data-heading" mb="xs">
          {t('PRACTICE_INFORMATION.DATA_TITLE')}
        </Title>
        <Text mb="md">
          {t('PRACTICE.CUSTOMER_NUMBER')}:{' '}
          <strong>{practice.customerNumber ?? t('PRACTICE.NO_CUSTOMER_NUMBER')}</strong>
        </Text>
        <RefusalAlert error={refusal} />
        <PracticeFieldset form={form} />
      </Card>
      <SaveBar pending={pending} dirty={form.formState.isDirty} onDiscard={discard} />
    </form>
  );
}
