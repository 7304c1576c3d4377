import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';

export function MyPracticePage() {
  const { t } = useTranslation();
  return (
    <PageHeader
      title={t('PAGES.MY_PRACTICE.TITLE')}
      description={t('PAGES.MY_PRACTICE.DESCRIPTION')}
    />
  );
}
