import { Alert, Anchor, Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '@pp/contract';
import { useActiveCompany } from '../../../lib/ui-state/use-customer.ts';
import { useLocationById } from '../api/get-location-by-id.ts';
import { LocationEditForm } from './location-edit-form.tsx';

/** Loads the location and offers it for editing, if it belongs to the active practice. */
export function DisplayedLocation({ locationId }: { locationId: string }) {
  const { t } = useTranslation();
  const location = useLocationById(locationId);
  const activeCompanyId = useActiveCompany()?.companyId;
  const toList = (
    <Anchor component={Link} to={ROUTES.locations}>
      {t('LOCATION_INFORMATION.TO_LIST')}
    </Anchor>
  );

  if (location.isError) {
    return (
      <Alert role="alert" color="red" variant="outline" mb="lg">
        {t('MESSAGES.GET_ERROR')}{' '}
        <Button variant="subtle" size="compact-sm" onClick={() => void location.refetch()}>
          {t('ACTIONS.RETRY')}
        </Button>{' '}
        {toList}
      </Alert>
    );
  }
  if (!location.data) return null;
  if (location.data.companyId !== activeCompanyId) {
    return (
      <Text>
        {t('LOCATION_INFORMATION.OTHER_PRACTICE')} {toList}
      </Text>
    );
  }
  return (
    <>
      <LocationEditForm location={location.data} />
      <Text mb="xl">{toList}</Text>
    </>
  );
}
