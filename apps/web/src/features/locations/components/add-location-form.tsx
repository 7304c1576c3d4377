import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ROUTES } from '@pp/contract';
import { LeaveDialog } from '../../../components/forms/leave-dialog.tsx';
import { RefusalAlert } from '../../../components/forms/refusal-alert.tsx';
import { fieldErrorMap } from '../../../lib/forms/field-error-map.ts';
import { useSaveForm } from '../../../lib/forms/use-save-form.ts';
import { TOAST_MESSAGES } from '../../../lib/toasts/toast-store.ts';
import { DEFAULT_LOCATIONS_VIEW } from '../../../lib/ui-state/api/get-locations.ts';
import { useCreateLocation } from '../api/create-location.ts';
import {
  EMPTY_LOCATION,
  LOCATION_FIELDS,
  locationFormSchema,
  NEW_LOCATION_COUNTRY,
  type LocationFields,
} from '../location-form-values.ts';
import { locationsViewParams } from '../locations-view.ts';
import { LocationFieldset } from './location-fields.tsx';

const resolver = zodResolver(locationFormSchema(NEW_LOCATION_COUNTRY), { error: fieldErrorMap });

/**
 * A new location of the active practice. Saved, it is shown in the list (searched by its name,
 * so it is there whatever page it sorts onto). A failed save shows `MESSAGES.GET_ERROR`, as the
 * specification's catalogue has it for locations, and keeps the input.
 */
export function AddLocationForm({ companyId }: { companyId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateLocation();
  const { form, submit, pending, refusal, leaveGuard } = useSaveForm({
    resolver,
    values: EMPTY_LOCATION,
    mutation: create,
    request: (body: LocationFields) => ({ companyId, ...body }),
    fields: LOCATION_FIELDS,
    savedToast: 'LOCATIONS.CREATED',
    failedToast: TOAST_MESSAGES.GET_ERROR,
    onSaved: (created) => {
      const search = locationsViewParams({ ...DEFAULT_LOCATIONS_VIEW, search: created.name });
      void navigate({ pathname: ROUTES.locations, search: search.toString() });
    },
  });

  return (
    <form noValidate onSubmit={submit} aria-label={t('LOCATION_FORM.ADD_FORM')}>
      <LeaveDialog guard={leaveGuard} />
      <RefusalAlert error={refusal} />
      <LocationFieldset form={form} />
      <Group mt="xl" mb="xl">
        <Button type="submit" loading={pending}>
          {t('LOCATION_FORM.ADD_SUBMIT')}
        </Button>
        <Button component={Link} to={ROUTES.locations} variant="default">
          {t('ACTIONS.CANCEL')}
        </Button>
      </Group>
    </form>
  );
}
