import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Alert, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { usePicklists } from '../../../lib/ui-state/api/get-picklists.ts';
import { useCurrentPreferences } from '../api/get-current-preferences.ts';
import { ConsentRecord } from './consent-record.tsx';
import { NewsletterForm } from './newsletter-form.tsx';
import { PendingConfirmation } from './pending-confirmation.tsx';

/** `/newsletter`: the subscription, its newsletters and topics, and the consent on record. */
export function NewsletterPage() {
  const { t } = useTranslation();
  const preferences = useCurrentPreferences();
  const picklists = usePicklists();
  const failed = preferences.isError || picklists.isError;

  const retry = () => {
    if (preferences.isError) void preferences.refetch();
    if (picklists.isError) void picklists.refetch();
  };

  return (
    <>
      <PageHeader
        title={t('PAGES.NEWSLETTER.TITLE')}
        description={t('PAGES.NEWSLETTER.DESCRIPTION')}
      />
      {failed && (
        <Alert role="alert" color="red" variant="outline" mb="lg">
          {t('MESSAGES.GET_ERROR')}{' '}
          <Button variant="subtle" size="compact-sm" onClick={retry}>
            {t('ACTIONS.RETRY')}
          </Button>
        </Alert>
      )}
      {preferences.data && picklists.data && (
        <>
          {preferences.data.pending && <PendingConfirmation pending={preferences.data.pending} />}
          <NewsletterForm preferences={preferences.data} picklists={picklists.data} />
          <ConsentRecord preferences={preferences.data} />
        </>
      )}
    </>
  );
}
