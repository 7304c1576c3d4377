import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/SimpleGrid.css';
import { useUiState } from '../../../lib/ui-state/ui-state-context.ts';
import { ActivePracticeCard } from './active-practice-card.tsx';
import { Greeting } from './greeting.tsx';
import { NoPracticeInvitation } from './no-practice-invitation.tsx';
import { Shortcuts } from './shortcuts.tsx';

export function DashboardPage() {
  const customer = useUiState((state) => state.activeCustomer);
  const company = useUiState((state) => state.activeCompany);

  return (
    <>
      <Greeting customer={customer} />
      {company ? <ActivePracticeCard company={company} /> : <NoPracticeInvitation />}
      <Shortcuts />
    </>
  );
}
