import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Loader } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NoPracticeInvitation } from '../../../components/no-practice-invitation.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { InviteForm } from './invite-form.tsx';
import { InviteTabs } from './invite-tabs.tsx';
import { useViewer } from './use-viewer.ts';

// Its own chunk: the single form's screen stays within its size budget (decision 0084).
const BulkInvite = lazy(() =>
  import('./bulk-invite.tsx').then((module) => ({ default: module.BulkInvite })),
);

/**
 * `/my-practice/employees-overview/add` (admins): invites a person into the active practice, or
 * several at once on the second tab.
 */
export function AddEmployeePage() {
  const { t } = useTranslation();
  const place = useViewer();
  const [tab, setTab] = useState('one');
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
        <InviteTabs
          value={tab}
          onChange={setTab}
          tabs={[
            {
              value: 'one',
              label: t('BULK_INVITE.TAB_ONE'),
              panel: (
                <InviteForm
                  key={place.companyId}
                  companyId={place.companyId}
                  mayInviteAdmin={place.viewer.role === 'superadmin'}
                />
              ),
            },
            {
              value: 'several',
              label: t('BULK_INVITE.TAB_SEVERAL'),
              panel: (
                <Suspense fallback={<Loader aria-label={t('BULK_INVITE.LOADING')} />}>
                  <BulkInvite key={place.companyId} companyId={place.companyId} />
                </Suspense>
              ),
            },
          ]}
        />
      ) : (
        <NoPracticeInvitation />
      )}
    </>
  );
}
