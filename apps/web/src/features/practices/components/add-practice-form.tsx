import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ErrorCode, ROUTES } from '@pp/contract';
import { LeaveDialog } from '../../../components/forms/leave-dialog.tsx';
import { RefusalAlert } from '../../../components/forms/refusal-alert.tsx';
import { ApiCallError } from '../../../lib/api/api-context.ts';
import { fieldErrorMap } from '../../../lib/forms/field-error-map.ts';
import { useSaveForm } from '../../../lib/forms/use-save-form.ts';
import { useUiStore } from '../../../lib/ui-state/ui-state-context.ts';
import { useCreateCompany } from '../api/create-company.ts';
import {
  EMPTY_PRACTICE,
  PRACTICE_FIELDS,
  practiceFormSchema,
  type PracticeFields,
} from '../practice-form-values.ts';
import { DuplicateQuestion } from './duplicate-question.tsx';
import { PracticeFieldset } from './practice-fields.tsx';

const resolver = zodResolver(practiceFormSchema, { error: fieldErrorMap });

const isDuplicate = (error: unknown) =>
  error instanceof ApiCallError && error.code === ErrorCode.possibleDuplicate;

/**
 * A new practice, checked as the user goes. When the api knows one with the same name and
 * postal code, the user chooses between connecting to it and adding this one anyway. Afterwards
 * the new practice is the active one, shown on `/my-practice`.
 */
export function AddPracticeForm() {
  const { t } = useTranslation();
  const store = useUiStore();
  const navigate = useNavigate();
  const create = useCreateCompany();
  const [duplicateOf, setDuplicateOf] = useState<string>();
  const { form, submit, submitWith, pending, refusal, leaveGuard } = useSaveForm({
    resolver,
    values: EMPTY_PRACTICE,
    mutation: create,
    request: (body: PracticeFields) => ({ ...body, confirmDuplicate: false }),
    fields: PRACTICE_FIELDS,
    savedToast: 'ADD_PRACTICE.CREATED',
    onSaved: (created) => {
      store.chooseCompany(created.companyId);
      void navigate(ROUTES.myPractice);
    },
    answersItself: (error) => {
      if (!isDuplicate(error)) return false;
      setDuplicateOf(form.getValues(['name', 'postalCode']).join('|'));
      return true;
    },
  });
  const watched = useWatch({ control: form.control, name: ['name', 'postalCode'] });
  // The question belongs to the name and postal code it was asked about.
  const askingAboutDuplicate = duplicateOf === watched.join('|');

  const createAnyway = (body: PracticeFields) =>
    create.mutateAsync({ ...body, confirmDuplicate: true });

  return (
    <form noValidate onSubmit={submit} aria-label={t('ADD_PRACTICE.FORM')}>
      <LeaveDialog guard={leaveGuard} />
      {/* The duplicate is a question below the form, not a refusal. */}
      <RefusalAlert error={isDuplicate(refusal) ? undefined : refusal} />
      <PracticeFieldset form={form} />
      {askingAboutDuplicate && (
        <DuplicateQuestion pending={pending} onCreateAnyway={submitWith(createAnyway)} />
      )}
      <Group mt="xl" mb="xl">
        {!askingAboutDuplicate && (
          <Button type="submit" loading={pending}>
            {t('ADD_PRACTICE.SUBMIT')}
          </Button>
        )}
        <Button component={Link} to={ROUTES.newPractice} variant="default">
          {t('ACTIONS.CANCEL')}
        </Button>
      </Group>
    </form>
  );
}
