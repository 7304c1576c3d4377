import { Button, Card, Group, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ErrorCode, type Customer } from '@pp/contract';
import {
  EMAIL_CHANGE_PARAM,
  EMAIL_CHANGE_VALUE,
} from '../../../components/navigation/account-links.ts';
import { ApiCallError } from '../../../lib/api/api-context.ts';
import { useWebConfiguration } from '../../../lib/auth/web-configuration.ts';
import { useToasts } from '../../../lib/toasts/toast-context.ts';
import { TOAST_MESSAGES } from '../../../lib/toasts/toast-store.ts';
import { useChangePassword } from '../api/change-password.ts';
import { AccountNoticeAlert, type AccountNotice } from './account-notice.tsx';
import { EmailChangeDialog } from './email-change-dialog.tsx';
import { SelfServiceLinks } from './self-service-links.tsx';

/** The sign-in address, and the requests that change it or the password (both by mail). */
export function AccountSection({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const toasts = useToasts();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const { selfService } = useWebConfiguration();
  const asked = new URLSearchParams(search).get(EMAIL_CHANGE_PARAM) === EMAIL_CHANGE_VALUE;
  const [dialogOpened, setDialogOpened] = useState(asked);
  const [notice, setNotice] = useState<AccountNotice>();
  const changePassword = useChangePassword();

  // A link to /info?change=email (from /verify) opens the dialog once; a reload does not.
  useEffect(() => {
    if (!asked) return;
    const rest = new URLSearchParams(search);
    rest.delete(EMAIL_CHANGE_PARAM);
    void navigate({ pathname, search: rest.toString() }, { replace: true });
  }, [asked, navigate, pathname, search]);

  const requestPasswordLink = () => {
    setNotice(undefined);
    changePassword.mutate(undefined, {
      onSuccess: () => setNotice({ kind: 'password-requested', email: customer.email }),
      onError: (error) => {
        if (error instanceof ApiCallError && error.code === ErrorCode.notAvailable) {
          setNotice({ kind: 'not-available' });
        } else {
          toasts.show(TOAST_MESSAGES.SAVE_ERROR);
        }
      },
    });
  };

  return (
    <Card withBorder component="section" mb="lg" aria-labelledby="account-heading">
      <Title order={2} size="h4" id="account-heading" mb="xs">
        {t('ACCOUNT.TITLE')}
      </Title>
      <Text>
        {t('ACCOUNT.EMAIL')}: <strong>{customer.email}</strong>
      </Text>
      <Text size="sm" c="dimmed" mt={4}>
        {t('ACCOUNT.EMAIL_HINT')}
      </Text>
      {selfService ? (
        <SelfServiceLinks links={selfService} />
      ) : (
        <Group mt="md">
          <Button variant="default" onClick={() => setDialogOpened(true)}>
            {t('ACCOUNT.CHANGE_EMAIL')}
          </Button>
          <Button
            variant="default"
            loading={changePassword.isPending}
            onClick={requestPasswordLink}
          >
            {t('ACCOUNT.CHANGE_PASSWORD')}
          </Button>
        </Group>
      )}
      {notice && <AccountNoticeAlert notice={notice} onClose={() => setNotice(undefined)} />}
      <EmailChangeDialog
        opened={dialogOpened && !selfService}
        currentEmail={customer.email}
        onClose={() => setDialogOpened(false)}
        onRequested={(newEmail) => {
          setDialogOpened(false);
          setNotice({ kind: 'email-requested', newEmail });
        }}
      />
    </Card>
  );
}
