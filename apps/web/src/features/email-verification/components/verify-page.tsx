import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';

export function VerifyPage() {
  const { t } = useTranslation();
  return <PageHeader title={t('PAGES.VERIFY.TITLE')} description={t('PAGES.VERIFY.DESCRIPTION')} />;
}
