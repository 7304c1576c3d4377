import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';

export function PracticeInformationPage() {
  const { t } = useTranslation();
  return (
    <PageHeader
      title={t('PAGES.PRACTICE_INFORMATION.TITLE')}
      description={t('PAGES.PRACTICE_INFORMATION.DESCRIPTION')}
    />
  );
}
