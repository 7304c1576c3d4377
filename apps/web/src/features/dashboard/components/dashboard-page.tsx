import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/SimpleGrid.css';
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

  return (
    <>
      <Greeting customer={customer} />
      <WaitingInvitationsCard invited={invited} />
      {company ? <ActivePracticeCard company={company} /> : <NoPracticeInvitation />}
      <Shortcuts />
    </>
  );
}
