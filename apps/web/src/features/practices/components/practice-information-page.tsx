import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Alert, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import type { Company } from '../../../lib/ui-state/companies.ts';
import { useActiveCompany } from '../../../lib/ui-state/use-customer.ts';
import { useCompany } from '../api/get-company.ts';
import { DisablePracticeSection } from './disable-practice-section.tsx';
import { PracticeInformationForm } from './practice-information-form.tsx';
import { SecondFactorSection } from './second-factor-section.tsx';

/** `/my-practice/information-practice` (admins): the active practice's data. */
export function PracticeInformationPage() {
  const { t } = useTranslation();
  const active = useActiveCompany();
  return (
    <>
      <PageHeader
        title={t('PAGES.PRACTICE_INFORMATION.TITLE')}
        description={t('PAGES.PRACTICE_INFORMATION.DESCRIPTION')}
      />
      {/* A switch of the practice starts afresh with the other one's data. */}
      {active && <ActivePracticeInformation key={active.companyId} company={active} />}
    </>
  );
}

function ActivePracticeInformation({ company }: { company: Company }) {
  const { t } = useTranslation();
  const practice = useCompany(company.companyId);
  return (
    <>
      {practice.isError && (
        <Alert role="alert" color="red" variant="outline" mb="lg">
          {t('MESSAGES.GET_ERROR')}{' '}
          <Button variant="subtle" size="compact-sm" onClick={() => void practice.refetch()}>
            {t('ACTIONS.RETRY')}
          </Button>
        </Alert>
      )}
      {practice.data && <PracticeInformationForm practice={practice.data} />}
      {practice.data && <SecondFactorSection practice={practice.data} />}
      {practice.data && company.role === 'superadmin' && (
        <DisablePracticeSection companyId={company.companyId} practiceName={practice.data.name} />
      )}
    </>
  );
}
