import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ErrorCode, ROUTES } from '@pp/contract';
import { RefusalAlert } from '../../../components/forms/refusal-alert.tsx';
import { ApiCallError } from '../../../lib/api/api-context.ts';
import { fieldErrorMap } from '../../../lib/forms/field-error-map.ts';
import { serverFieldErrors } from '../../../lib/forms/server-field-errors.ts';
import { useToasts } from '../../../lib/toasts/toast-context.ts';
import { TOAST_MESSAGES } from '../../../lib/toasts/toast-store.ts';
import { useUiStore } from '../../../lib/ui-state/ui-state-context.ts';
import { useCreateCompany } from '../api/create-company.ts';
import {
  EMPTY_PRACTICE,
  PRACTICE_FIELDS,
  practiceFormSchema,
  type PracticeFields,
  type PracticeFormValues,
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
  const toasts = useToasts();
  const store = useUiStore();
  const navigate = useNavigate();
  const create = useCreateCompany();
  const [refusal, setRefusal] = useState<unknown>();
  const [duplicateOf, setDuplicateOf] = useState<string>();
  const form = useForm<PracticeFormValues, unknown, PracticeFields>({
    resolver,
    mode: 'onTouched',
    defaultValues: EMPTY_PRACTICE,
  });
  const watched = useWatch({ control: form.control, name: ['name', 'postalCode'] });
  // The question belongs to the name and postal code it was asked about.
  const askingAboutDuplicate = duplicateOf === watched.join('|');

  const save = (confirmDuplicate: boolean) =>
    form.handleSubmit(async (body) => {
      if (create.isPending) return;
      setRefusal(undefined);
      try {
        const created = await create.mutateAsync({ ...body, confirmDuplicate });
        store.chooseCompany(created.companyId);
        toasts.show('ADD_PRACTICE.CREATED', 'success');
        void navigate(ROUTES.myPractice);
      } catch (error) {
        if (isDuplicate(error)) {
          setDuplicateOf(form.getValues(['name', 'postalCode']).join('|'));
          return;
        }
        serverFieldErrors(error, 'body', PRACTICE_FIELDS).forEach(({ field, message }, index) =>
          form.setError(field, { type: 'server', message }, { shouldFocus: index === 0 }),
        );
        setRefusal(error);
        toasts.show(TOAST_MESSAGES.SAVE_ERROR);
      }
    });

  const pending = form.formState.isSubmitting || create.isPending;
  return (
    <form
      noValidate
      onSubmit={(event) => void save(false)(event)}
      aria-label={t('ADD_PRACTICE.FORM')}
    >
      <RefusalAlert error={refusal} />
      <PracticeFieldset form={form} />
      {askingAboutDuplicate && (
        <DuplicateQuestion pending={pending} onCreateAnyway={() => void save(true)()} />
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
