import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/SimpleGrid.css';
import { useTranslation } from 'react-i18next';
import { NoPracticeInvitation } from '../../../components/no-practice-invitation.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { InviteForm } from './invite-form.tsx';
import { useViewer } from './use-viewer.ts';

/** `/my-practice/employees-overview/add` (admins): invites a person into the active practice. */
export function AddEmployeePage() {
  const { t } = useTranslation();
  const place = useViewer();
  return (
    <>
      <PageHeader
        title={t('PAGES.EMPLOYEE_ADD.TITLE')}
        description={
          place
            ? t('INVITE.DESCRIPTION', { practice: place.practiceName })
            : t('PAGES.EMPLOYEE_ADD.DESCRIPTION')
        }
      />
      {place ? (
        <InviteForm
          key={place.companyId}
          companyId={place.companyId}
          mayInviteAdmin={place.viewer.role === 'superadmin'}
        />
      ) : (
        <NoPracticeInvitation />
      )}
    </>
  );
}
