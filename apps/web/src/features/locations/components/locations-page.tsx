import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';

export function LocationsPage() {
  const { t } = useTranslation();
  return (
    <PageHeader title={t('PAGES.LOCATIONS.TITLE')} description={t('PAGES.LOCATIONS.DESCRIPTION')} />
  );
}
