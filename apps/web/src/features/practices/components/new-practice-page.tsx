import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';

export function NewPracticePage() {
  const { t } = useTranslation();
  return (
    <PageHeader
      title={t('PAGES.NEW_PRACTICE.TITLE')}
      description={t('PAGES.NEW_PRACTICE.DESCRIPTION')}
    />
  );
}
