import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SecondFactors } from '@pp/contract';
import { useAuth, type AccountAction } from '../../../lib/auth/auth-context.ts';
import { formatDate } from '../../../lib/format/format.ts';
import { useSecondFactors } from '../api/get-second-factors.ts';

/** The security page's address: every account action comes back here. */
const SECURITY_PATH = '/security';

/** What the section shows for the loaded state; the actions start `pp_action` at the provider. */
export function SecondFactorState({
  factors,
  onAction,
}: {
  factors: SecondFactors;
  onAction: (action: AccountAction) => void;
}) {
  const { t } = useTranslation();
  if (factors.provider === 'external') {
    return <Text>{t('SECOND_FACTORS.EXTERNAL')}</Text>;
  }
  const totp = factors.totp;
  return (
    <Stack gap="xs">
      <Text fw={600}>{t('SECOND_FACTORS.AUTHENTICATOR')}</Text>
      <Text data-testid="totp-state">
        {totp
          ? t('SECOND_FACTORS.ACTIVE_SINCE', { date: formatDate(new Date(totp.confirmedAt)) })
          : t('SECOND_FACTORS.NOT_SET_UP')}
      </Text>
      {totp && (
        <Text data-testid="recovery-codes-left">
          {t('SECOND_FACTORS.RECOVERY_CODES_LEFT', { count: factors.recoveryCodesLeft ?? 0 })}
        </Text>
      )}
      <Group gap="sm">
        {totp ? (
          <>
            <Button variant="outline" onClick={() => onAction('new-recovery-codes')}>
              {t('SECOND_FACTORS.NEW_RECOVERY_CODES')}
            </Button>
            <Button variant="outline" color="red" onClick={() => onAction('remove-totp')}>
              {t('SECOND_FACTORS.REMOVE')}
            </Button>
          </>
        ) : (
          <Button onClick={() => onAction('configure-totp')}>{t('SECOND_FACTORS.SET_UP')}</Button>
        )}
      </Group>
    </Stack>
  );
}

/**
 * The second factors of the signed-in person on the security page ("Anmeldemethoden"): the
 * authenticator app with the recovery codes left, and buttons that run the account actions on the
 * provider's pages (`pp_action`, decision 0064), back to /security afterwards.
 */
export function SecondFactorMethods() {
  const { t } = useTranslation();
  const auth = useAuth();
  const factors = useSecondFactors();
  return (
    <section aria-labelledby="second-factor-methods-title">
      <Title order={3} id="second-factor-methods-title" mb="xs">
        {t('SECOND_FACTORS.TITLE')}
      </Title>
      <Text c="dimmed" mb="sm">
        {t('SECOND_FACTORS.DESCRIPTION')}
      </Text>
      {factors.isError && (
        <Alert role="alert" color="red" variant="outline">
          {t('MESSAGES.GET_ERROR')}{' '}
          <Button variant="subtle" size="compact-sm" onClick={() => void factors.refetch()}>
            {t('ACTIONS.RETRY')}
          </Button>
        </Alert>
      )}
      {factors.data && (
        <SecondFactorState
          factors={factors.data}
          onAction={(action) => void auth.runAccountAction(action, SECURITY_PATH)}
        />
      )}
    </section>
  );
}
