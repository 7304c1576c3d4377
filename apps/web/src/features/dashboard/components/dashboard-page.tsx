import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Suspense } from 'react';
import { SecondFactorNotice } from '../../../components/lazy-second-factor-required.ts';
import { useUiState } from '../../../lib/ui-state/ui-state-context.ts';
import { useActiveCompany, useCompanies, useCustomer } from '../../../lib/ui-state/use-customer.ts';
import { ActivePracticeCard } from './active-practice-card.tsx';
import { Greeting } from './greeting.tsx';
import { NoPracticeInvitation } from '../../../components/no-practice-invitation.tsx';
import { Shortcuts } from './shortcuts.tsx';
import { WaitingInvitationsCard } from './waiting-invitations-card.tsx';

export function DashboardPage() {
  const customer = useCustomer();
  const company = useActiveCompany();
  const invited = useCompanies().filter((entry) => entry.membershipStatus === 'invited');
  const secondFactorRequired = useUiState((state) => state.secondFactorRequired);

  return (
    <>
      <Greeting customer={customer} />
      <WaitingInvitationsCard invited={invited} />
      {secondFactorRequired && (
        // Its own boundary: the dashboard stays while the notice's code loads.
        <Suspense fallback={null}>
          <SecondFactorNotice />
        </Suspense>
      )}
      {company ? <ActivePracticeCard company={company} /> : <NoPracticeInvitation />}
      <Shortcuts secondFactorRequired={secondFactorRequired} />
    </>
  );
}
