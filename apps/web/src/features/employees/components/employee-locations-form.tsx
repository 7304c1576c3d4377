import { Button, Card, Group, Title } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Employee } from '@pp/contract';
import { RefusalAlert } from '../../../components/forms/refusal-alert.tsx';
import { useToasts } from '../../../lib/toasts/toast-context.ts';
import { failureToastKey } from '../../../lib/toasts/failure-toast.ts';
import { TOAST_MESSAGES } from '../../../lib/toasts/toast-store.ts';
import { useSetEmployeeLocations } from '../api/employee-actions.ts';
import { LocationCheckboxes } from './location-checkboxes.tsx';

interface EmployeeLocationsFormProps {
  companyId: string;
  employee: Employee;
  name: string;
}

/** Which of the practice's locations the person works at (admins, for enabled people). */
export function EmployeeLocationsForm({ companyId, employee, name }: EmployeeLocationsFormProps) {
  const { t } = useTranslation();
  const toasts = useToasts();
  const save = useSetEmployeeLocations();
  const [refusal, setRefusal] = useState<unknown>();
  const form = useForm<{ locationIds: string[] }>({
    values: { locationIds: employee.locations.map((location) => location.locationId) },
  });

  const submit = form.handleSubmit(async ({ locationIds }) => {
    if (save.isPending) return;
    setRefusal(undefined);
    try {
      await save.mutateAsync({ companyId, customerId: employee.customerId, locationIds });
      toasts.show(TOAST_MESSAGES.SAVE_SUCCESS, 'success');
    } catch (error) {
      setRefusal(error);
      toasts.show(failureToastKey(error, TOAST_MESSAGES.SAVE_ERROR));
    }
  });

  return (
    <Card withBorder component="section" mb="lg" aria-labelledby="employee-locations-heading">
      <Title order={2} size="h4" id="employee-locations-heading" mb="sm">
        {t('EMPLOYEE_INFORMATION.LOCATIONS_TITLE')}
      </Title>
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        aria-label={t('EMPLOYEE_INFORMATION.LOCATIONS_FORM', { name })}
      >
        <RefusalAlert error={refusal} />
        <LocationCheckboxes
          control={form.control}
          name="locationIds"
          label={t('INVITE.LOCATIONS')}
          description={t('EMPLOYEE_INFORMATION.LOCATIONS_HINT', { name })}
        />
        <Group mt="md">
          <Button type="submit" loading={save.isPending}>
            {t('EMPLOYEE_INFORMATION.LOCATIONS_SAVE')}
          </Button>
        </Group>
      </form>
    </Card>
  );
}
