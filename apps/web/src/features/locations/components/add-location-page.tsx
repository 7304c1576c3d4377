import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/SimpleGrid.css';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { useActiveCompany } from '../../../lib/ui-state/use-customer.ts';
import { AddLocationForm } from './add-location-form.tsx';

/** `/my-practice/location-overview/add` (admins): a new location of the active practice. */
export function AddLocationPage() {
  const { t } = useTranslation();
  const active = useActiveCompany();
  return (
    <>
      <PageHeader
        title={t('PAGES.LOCATION_ADD.TITLE')}
        description={t('PAGES.LOCATION_ADD.DESCRIPTION', { practice: active?.name ?? '' })}
      />
      {/* A switch of the practice starts a new form for the other one. */}
      {active && <AddLocationForm key={active.companyId} companyId={active.companyId} />}
    </>
  );
}
