import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Group, Title } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Location } from '@pp/contract';
import { RefusalAlert } from '../../../components/forms/refusal-alert.tsx';
import { fieldErrorMap } from '../../../lib/forms/field-error-map.ts';
import { serverFieldErrors } from '../../../lib/forms/server-field-errors.ts';
import { useToasts } from '../../../lib/toasts/toast-context.ts';
import { TOAST_MESSAGES } from '../../../lib/toasts/toast-store.ts';
import { useUpdateLocation } from '../api/update-location.ts';
import {
  LOCATION_FIELDS,
  locationFormSchema,
  locationFormValues,
  type LocationFields,
  type LocationFormValues,
} from '../location-form-values.ts';
import { LocationFieldset } from './location-fields.tsx';

/**
 * A location's data, saved with `Location/UpdateLocation`. A failed save keeps every input and
 * shows `MESSAGES.GET_ERROR` (the specification's catalogue for locations).
 */
export function LocationEditForm({ location }: { location: Location }) {
  const { t } = useTranslation();
  const toasts = useToasts();
  const update = useUpdateLocation();
  const [refusal, setRefusal] = useState<unknown>();
  const stored = useMemo(() => locationFormValues(location), [location]);
  const resolver = useMemo(
    () => zodResolver(locationFormSchema(location.country), { error: fieldErrorMap }),
    [location.country],
  );
  const form = useForm<LocationFormValues, unknown, LocationFields>({
    resolver,
    mode: 'onTouched',
    defaultValues: stored,
  });
  const { reset, setError, handleSubmit, formState } = form;

  useEffect(() => {
    reset(stored, { keepDirtyValues: true, keepErrors: true });
  }, [stored, reset]);

  const save = handleSubmit(async (body) => {
    if (update.isPending) return;
    setRefusal(undefined);
    try {
      reset(
        locationFormValues(await update.mutateAsync({ locationId: location.locationId, ...body })),
      );
      toasts.show(TOAST_MESSAGES.SAVE_SUCCESS, 'success');
    } catch (error) {
      serverFieldErrors(error, 'body', LOCATION_FIELDS).forEach(({ field, message }, index) =>
        setError(field, { type: 'server', message }, { shouldFocus: index === 0 }),
      );
      setRefusal(error);
      toasts.show(TOAST_MESSAGES.GET_ERROR);
    }
  });

  const pending = formState.isSubmitting || update.isPending;
  return (
    <form
      noValidate
      onSubmit={(event) => void save(event)}
      aria-label={t('LOCATION_FORM.EDIT_FORM')}
    >
      <Card withBorder component="section" mb="lg" aria-labelledby="location-data-heading">
        <Title order={2} size="h4" id="location-data-heading" mb="md">
          {location.name}
        </Title>
        <RefusalAlert error={refusal} />
        <LocationFieldset form={form} />
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
