import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Modal.css';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NoPracticeInvitation } from '../../../components/no-practice-invitation.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useUiStore } from '../../../lib/ui-state/ui-state-context.ts';
import { isSelectable } from '../../../lib/ui-state/companies.ts';
import { useActiveCompany, useCompanies } from '../../../lib/ui-state/use-customer.ts';
import { ActivePracticeSection } from './active-practice-section.tsx';
import { EntitlementsSection } from './entitlements-section.tsx';
import { InvitationForAnother } from './invitation-for-another.tsx';
import { InvitationsSection } from './invitations-section.tsx';
import { MembershipsSection } from './memberships-section.tsx';
import { SentRequestsSection } from './sent-requests-section.tsx';

/**
 * `/my-practice`: invitations waiting for an answer, the active practice with its contracts,
 * all the user's other practices, then the requests to join they sent. A switch here is the
 * header switcher's: role and navigation follow at once.
 */
export function MyPracticePage() {
  const { t } = useTranslation();
  const store = useUiStore();
  const companies = useCompanies();
  const active = useActiveCompany();
  const activeHeading = useRef<HTMLHeadingElement>(null);
  const invited = companies.filter((company) => company.membershipStatus === 'invited');
  const others = companies.filter((company) => company.membershipStatus !== 'invited');

  const switchTo = (companyId: string) => {
    store.chooseCompany(companyId);
    activeHeading.current?.focus();
  };

  return (
    <>
      <PageHeader
        title={t('PAGES.MY_PRACTICE.TITLE')}
        description={t('PAGES.MY_PRACTICE.DESCRIPTION')}
      />
      <InvitationForAnother />
      <InvitationsSection
        invited={invited}
        selectableCount={companies.filter(isSelectable).length}
        onSwitch={switchTo}
      />
      {active ? (
        <>
          <ActivePracticeSection company={active} headingRef={activeHeading} />
          <EntitlementsSection companyId={active.companyId} />
        </>
      ) : (
        <NoPracticeInvitation />
      )}
      <MembershipsSection
        companies={others}
        activeCompanyId={active?.companyId}
        onSwitch={switchTo}
      />
      <SentRequestsSection />
    </>
  );
}
