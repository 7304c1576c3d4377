import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';

export function EmployeeInformationPage() {
  const { t } = useTranslation();
  return (
    <PageHeader
      title={t('PAGES.EMPLOYEE_INFORMATION.TITLE')}
      description={t('PAGES.EMPLOYEE_INFORMATION.DESCRIPTION')}
    />
  );
}
