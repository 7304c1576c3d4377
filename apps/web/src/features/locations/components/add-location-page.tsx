import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';

export function AddLocationPage() {
  const { t } = useTranslation();
  return (
    <PageHeader
      title={t('PAGES.LOCATION_ADD.TITLE')}
      description={t('PAGES.LOCATION_ADD.DESCRIPTION')}
    />
  );
}
