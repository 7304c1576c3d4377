import { Alert, Anchor, Button, Card, Group, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCode, type Customer } from '@pp/contract';
import { ApiCallError } from '../../../lib/api/api-context.ts';
import { useWebConfiguration } from '../../../lib/auth/web-configuration.ts';
import { useToasts } from '../../../lib/toasts/toast-context.ts';
import { TOAST_MESSAGES } from '../../../lib/toasts/toast-store.ts';
import { useRequestPasswordLink } from '../api/security.ts';
import { SecondFactorMethods } from './second-factor-methods.tsx';

type PasswordNotice = 'requested' | 'not-available';

/**
 * How the account signs in: the password, changed by a link by mail as on /info (or on the
 * provider's own page, decision 0035), then the second factors.
 */
export function SignInMethodsSection({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const toasts = useToasts();
  const { selfService } = useWebConfiguration();
  const requestLink = useRequestPasswordLink();
  const [notice, setNotice] = useState<PasswordNotice>();

  const requestPasswordLink = () => {
    setNotice(undefined);
    requestLink.mutate(undefined, {
      onSuccess: () => setNotice('requested'),
      onError: (error) => {
        if (error instanceof ApiCallError && error.code === ErrorCode.notAvailable) {
          setNotice('not-available');
        } else {
          toasts.show(TOAST_MESSAGES.SAVE_ERROR);
        }
      },
    });
  };

  return (
    <Card withBorder component="section" mb="lg" aria-labelledby="sign-in-methods-heading">
      <Title order={2} size="h4" id="sign-in-methods-heading" mb="xs">
        {t('SECURITY.METHODS.TITLE')}
      </Title>
      <Group justify="space-between" align="center" wrap="wrap">
        <div>
          <Text fw={600}>{t('SECURITY.METHODS.PASSWORD')}</Text>
          <Text size="sm" c="dimmed">
            {t('SECURITY.METHODS.PASSWORD_HINT')}
          </Text>
        </div>
        {selfService ? (
          <Anchor href={selfService.passwordUrl} target="_blank" rel="noopener noreferrer">
            {t('ACCOUNT.SELF_SERVICE_PASSWORD')}
          </Anchor>
        ) : (
          <Button variant="default" loading={requestLink.isPending} onClick={requestPasswordLink}>
            {t('ACCOUNT.CHANGE_PASSWORD')}
          </Button>
        )}
      </Group>
      {notice && (
        <Alert
          role="status"
          mt="md"
          variant="light"
          color={notice === 'requested' ? 'teal' : 'yellow'}
          withCloseButton
          closeButtonLabel={t('ACTIONS.CLOSE')}
          onClose={() => setNotice(undefined)}
        >
          {notice === 'requested'
            ? t('SECURITY.METHODS.PASSWORD_REQUESTED', { email: customer.email })
            : t('SECURITY.METHODS.PASSWORD_NOT_AVAILABLE')}
        </Alert>
      )}
      <SecondFactorMethods />
    </Card>
  );
}
