import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/SimpleGrid.css';
import { useActiveCompany, useCustomer } from '../../../lib/ui-state/use-customer.ts';
import { ActivePracticeCard } from './active-practice-card.tsx';
import { Greeting } from './greeting.tsx';
import { NoPracticeInvitation } from '../../../components/no-practice-invitation.tsx';
import { Shortcuts } from './shortcuts.tsx';

export function DashboardPage() {
  const customer = useCustomer();
  const company = useActiveCompany();

  return (
    <>
      <Greeting customer={customer} />
      {company ? <ActivePracticeCard company={company} /> : <NoPracticeInvitation />}
      <Shortcuts />
    </>
  );
}
