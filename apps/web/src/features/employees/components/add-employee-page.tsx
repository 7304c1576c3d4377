import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';

export function AddEmployeePage() {
  const { t } = useTranslation();
  return (
    <PageHeader
      title={t('PAGES.EMPLOYEE_ADD.TITLE')}
      description={t('PAGES.EMPLOYEE_ADD.DESCRIPTION')}
    />
  );
}
