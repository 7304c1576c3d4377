import { zodResolver } from '@hookform/resolvers/zod';
import { Card, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Location } from '@pp/contract';
import { LeaveDialog } from '../../../components/forms/leave-dialog.tsx';
import { RefusalAlert } from '../../../components/forms/refusal-alert.tsx';
import { SaveBar } from '../../../components/forms/save-bar.tsx';
import { fieldErrorMap } from '../../../lib/forms/field-error-map.ts';
import { useSaveForm } from '../../../lib/forms/use-save-form.ts';
import { TOAST_MESSAGES } from '../../../lib/toasts/toast-store.ts';
import { useUpdateLocation } from '../api/update-location.ts';
import {
  LOCATION_FIELDS,
  locationFormSchema,
  locationFormValues,
} from '../location-form-values.ts';
import { LocationFieldset } from './location-fields.tsx';

/**
 * A location's data, saved with `Location/UpdateLocation`. A failed save keeps every input and
 * shows `MESSAGES.GET_ERROR` (the specification's catalogue for locations).
 */
export function LocationEditForm({ location }: { location: Location }) {
  const { t } = useTranslation();
  const update = useUpdateLocation();
  const stored = useMemo(() => locationFormValues(location), [location]);
  const resolver = useMemo(
    () => zodResolver(locationFormSchema(location.country), { error: fieldErrorMap }),
    [location.country],
  );
  const { form, submit, pending, discard, refusal, leaveGuard } = useSaveForm({
    resolver,
    values: stored,
    resync: true,
    mutation: update,
    request: (body) => ({ locationId: location.locationId, ...body }),
    fields: LOCATION_FIELDS,
    savedValues: locationFormValues,
    failedToast: TOAST_MESSAGES.GET_ERROR,
  });

  return (
    <form noValidate onSubmit={submit} aria-label={t('LOCATION_FORM.EDIT_FORM')}>
      <LeaveDialog guard={leaveGuard} />
      <Card withBorder component="section" mb="lg" aria-labelledby="location-data-heading">
        <Title order={2} size="h4" id="location-data-heading" mb="md">
          {location.name}
        </Title>
        <RefusalAlert error={refusal} />
        <LocationFieldset form={form} />
      </Card>
      <SaveBar pending={pending} dirty={form.formState.isDirty} onDiscard={discard} />
    </form>
  );
}
