import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';

export function LocationInformationPage() {
  const { t } = useTranslation();
  return (
    <PageHeader
      title={t('PAGES.LOCATION_INFORMATION.TITLE')}
      description={t('PAGES.LOCATION_INFORMATION.DESCRIPTION')}
    />
  );
}
