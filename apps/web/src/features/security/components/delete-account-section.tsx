import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/List.css';
import { Button, Card, Group, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountDeleted, Customer } from '@pp/contract';
import { useAuth } from '../../../lib/auth/auth-context.ts';
import { useSecondFactors } from '../api/get-second-factors.ts';
import { useDeleteAccount } from '../api/security.ts';
import { DeleteAccountDialog, type DeletionRequest } from './delete-account-dialog.tsx';

/** An external provider's account stays: the portal says where to close it. */
function ProviderAccount({ result }: { result: AccountDeleted }) {
  const { t } = useTranslation();
  const auth = useAuth();
  return (
    <div role="status">
      <Text mb="sm">{t('DELETE_ACCOUNT.DONE_EXTERNAL')}</Text>
      {result.providerAccountUrl && (
        <Text mb="sm">
          <a href={result.providerAccountUrl} target="_blank" rel="noopener noreferrer">
            {t('DELETE_ACCOUNT.PROVIDER_LINK')}
          </a>
        </Text>
      )}
      <Button onClick={() => void auth.signOut('account-deleted')}>
        {t('DELETE_ACCOUNT.SIGN_OUT')}
      </Button>
    </div>
  );
}

/** "Konto löschen" (issue 26, decision 0078): the account, after the password, for good. */
export function DeleteAccountSection({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const auth = useAuth();
  const factors = useSecondFactors();
  const deletion = useDeleteAccount();
  const [opened, setOpened] = useState(false);
  const embedded = factors.data?.provider !== 'external';
  const ownPractices = customer.associatedCompanies.companyVms.filter(
    (practice) => practice.role === 'superadmin' && practice.membershipStatus === 'enabled',
  );

  const confirm = (request: DeletionRequest) => {
    deletion.mutate(request, {
      onSuccess: (result) => {
        // Every session is gone with the account: on to the sign-in page that says so.
        if (result.providerAccountClosed) {
          void auth.signOut('account-deleted', { providerSessionEnded: true });
        } else setOpened(false);
      },
    });
  };

  return (
    <Card withBorder component="section" mb="lg" aria-labelledby="delete-account-heading">
      <Title order={2} size="h4" id="delete-account-heading" mb="xs">
        {t('DELETE_ACCOUNT.TITLE')}
      </Title>
      {deletion.data && !deletion.data.providerAccountClosed ? (
        <ProviderAccount result={deletion.data} />
      ) : (
        <>
          <Text size="sm" mb="md">
            {t('DELETE_ACCOUNT.DESCRIPTION')}
          </Text>
          <Group>
            <Button
              color="red"
              variant="outline"
              onClick={() => {
                deletion.reset();
                setOpened(true);
              }}
            >
              {t('DELETE_ACCOUNT.OPEN')}
            </Button>
          </Group>
        </>
      )}
      <DeleteAccountDialog
        opened={opened}
        email={customer.email}
        asksPassword={embedded}
        asksCode={embedded && factors.data?.totp != null}
        ownPractices={ownPractices}
        pending={deletion.isPending || (deletion.isSuccess && deletion.data.providerAccountClosed)}
        error={deletion.error}
        onConfirm={confirm}
        // OpenID Connect's max_age=0: the provider asks again, and the new token's auth_time
        // is what the api checks instead of a password it cannot see (decision 0078).
        onSignInAgain={() => void auth.runAccountAction({ max_age: '0' })}
        onClose={() => setOpened(false)}
      />
    </Card>
  );
}
