import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Alert, Anchor, Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ROUTES } from '@pp/contract';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { usePicklists } from '../../../lib/ui-state/api/get-picklists.ts';
import { useCustomer } from '../../../lib/ui-state/use-customer.ts';
import { AccountSection } from './account-section.tsx';
import { CrmNoticeAlert } from './crm-notice.tsx';
import { PersonalDataSection } from './personal-data-section.tsx';
import { ProfileForm } from './profile-form.tsx';

/** `/info`: the customer's profile, their sign-in address and password, and "Meine Daten". */
export function InfoPage() {
  const { t } = useTranslation();
  const customer = useCustomer();
  const picklists = usePicklists();

  return (
    <>
      <PageHeader title={t('PAGES.INFO.TITLE')} description={t('PAGES.INFO.DESCRIPTION')} />
      {customer && <CrmNoticeAlert />}
      {/* The picklists come with the startup; the global spinner shows a reload of them. */}
      {customer && picklists.data && <ProfileForm customer={customer} picklists={picklists.data} />}
      {picklists.isError && (
        <Alert role="alert" color="red" variant="outline" mb="lg">
          {t('MESSAGES.GET_ERROR')}{' '}
          <Button variant="subtle" size="compact-sm" onClick={() => void picklists.refetch()}>
            {t('ACTIONS.RETRY')}
          </Button>
        </Alert>
      )}
      {customer && <AccountSection customer={customer} />}
      {customer && (
        // The link stands beside the text, not in it: a link in a line of text must differ from
        // it by more than colour (axe's link-in-text-block, which the dark scheme failed).
        <Group mb="lg" gap="xs">
          <Text>{t('SECURITY.INFO_HINT')}</Text>
          <Anchor component={Link} to={ROUTES.security}>
            {t('SECURITY.INFO_LINK')}
          </Anchor>
        </Group>
      )}
      {customer && <PersonalDataSection />}
    </>
  );
}
