import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Combobox.css';
import { useTranslation } from 'react-i18next';
import { NoPracticeInvitation } from '../../../components/no-practice-invitation.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useActiveCompany, usePortalRole } from '../../../lib/ui-state/use-customer.ts';
import { LocationsOverview } from './locations-overview.tsx';

/** `/my-practice/location-overview` (members too): the active practice's locations. */
export function LocationsPage() {
  const { t } = useTranslation();
  const active = useActiveCompany();
  const role = usePortalRole();
  return (
    <>
      <PageHeader
        title={t('PAGES.LOCATIONS.TITLE')}
        description={
          active
            ? t('LOCATIONS.DESCRIPTION', { practice: active.name })
            : t('PAGES.LOCATIONS.DESCRIPTION')
        }
      />
      {active ? <LocationsOverview isAdmin={role === 'admin'} /> : <NoPracticeInvitation />}
    </>
  );
}
