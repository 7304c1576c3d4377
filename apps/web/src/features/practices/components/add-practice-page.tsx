import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';

export function AddPracticePage() {
  const { t } = useTranslation();
  return (
    <PageHeader
      title={t('PAGES.NEW_PRACTICE_ADD.TITLE')}
      description={t('PAGES.NEW_PRACTICE_ADD.DESCRIPTION')}
    />
  );
}
