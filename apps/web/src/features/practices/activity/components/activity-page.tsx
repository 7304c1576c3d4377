import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Combobox.css';
import { useTranslation } from 'react-i18next';
import { NoPracticeInvitation } from '../../../../components/no-practice-invitation.tsx';
import { PageHeader } from '../../../../components/page-header.tsx';
import { useActiveCompany } from '../../../../lib/ui-state/use-customer.ts';
import { ActivityOverview } from './activity-overview.tsx';

/** `/my-practice/activity` (admins): who changed what in the active practice, and when. */
export function ActivityPage() {
  const { t } = useTranslation();
  const active = useActiveCompany();
  return (
    <>
      <PageHeader
        title={t('PAGES.ACTIVITY.TITLE')}
        description={
          active
            ? t('ACTIVITY.PRACTICE_DESCRIPTION', { practice: active.name })
            : t('PAGES.ACTIVITY.DESCRIPTION')
        }
      />
      {active ? (
        <ActivityOverview key={active.companyId} companyId={active.companyId} />
      ) : (
        <NoPracticeInvitation />
      )}
    </>
  );
}
