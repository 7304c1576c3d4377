import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';

export function EmployeesPage() {
  const { t } = useTranslation();
  return (
    <PageHeader title={t('PAGES.EMPLOYEES.TITLE')} description={t('PAGES.EMPLOYEES.DESCRIPTION')} />
  );
}
