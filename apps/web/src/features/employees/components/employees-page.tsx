import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Modal.css';
import { useTranslation } from 'react-i18next';
import { NoPracticeInvitation } from '../../../components/no-practice-invitation.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { EmployeesOverview } from './employees-overview.tsx';
import { useViewer } from './use-viewer.ts';

/** `/my-practice/employees-overview` (admins): the active practice's people. */
export function EmployeesPage() {
  const { t } = useTranslation();
  const place = useViewer();
  return (
    <>
      <PageHeader
        title={t('PAGES.EMPLOYEES.TITLE')}
        description={
          place
            ? t('EMPLOYEES.DESCRIPTION', { practice: place.practiceName })
            : t('PAGES.EMPLOYEES.DESCRIPTION')
        }
      />
      {place ? (
        <EmployeesOverview
          key={place.companyId}
          companyId={place.companyId}
          viewer={place.viewer}
        />
      ) : (
        <NoPracticeInvitation />
      )}
    </>
  );
}
