import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';

export function InfoPage() {
  const { t } = useTranslation();
  return <PageHeader title={t('PAGES.INFO.TITLE')} description={t('PAGES.INFO.DESCRIPTION')} />;
}
