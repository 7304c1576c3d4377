import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import './security.css';
import { useTranslation } from 'react-i18next';
import type { AccountAction, SecondFactors } from '@pp/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import {
  useAccountActions,
  type AccountActionOptions,
  type AccountActions,
} from '../../../lib/auth/account-actions.ts';
import { formatDate, formatTime } from '../../../lib/format/format.ts';
import { useSecondFactors } from '../api/get-second-factors.ts';

/** The security page's address: every account action comes back here. */
const SECURITY_PATH = '/security';

/** The actions an external provider may offer on the security page, in this order. */
const EXTERNAL_SET_UP: readonly AccountAction[] = ['configure-totp', 'add-passkey'];

/**
 * An external provider's second factors (decision 0073): the portal does not know them, so the
 * section links to the provider's page of the sign-in methods and starts the set-up actions it
 * offers (Keycloak's `kc_action`); where it offers only a sign-in with a second factor (Auth0,
 * Entra ID with an authentication context), that, which sets one up first. A provider with
 * neither leaves the text alone.
 */
function ExternalSecondFactors({ actions }: { actions: AccountActions }) {
  const { t } = useTranslation();
  const setUp = EXTERNAL_SET_UP.filter((action) => actions.offers(action));
  const stepUp = setUp.length === 0 && actions.offers('step-up');
  const label: Partial<Record<AccountAction, string>> = {
    'configure-totp': t('SECOND_FACTORS.SET_UP'),
    'add-passkey': t('SECOND_FACTORS.PASSKEYS.ADD'),
  };
  if (!actions.pageUrl && setUp.length === 0 && !stepUp) {
    return <Text>{t('SECOND_FACTORS.EXTERNAL')}</Text>;
  }
  return (
    <Stack gap="xs">
      <Text>{t('SECOND_FACTORS.EXTERNAL_MANAGED')}</Text>
      {actions.pageUrl && (
        <Anchor href={actions.pageUrl} target="_blank" rel="noopener noreferrer">
          {t('SECOND_FACTORS.EXTERNAL_PAGE')}
        </Anchor>
      )}
      {stepUp && <Text size="sm">{t('SECOND_FACTORS.STEP_UP_HINT')}</Text>}
      {(setUp.length > 0 || stepUp) && (
        <Group gap="sm">
          {setUp.map((action) => (
            <Button
              key={action}
              variant="outline"
              onClick={() => actions.run(action, SECURITY_PATH)}
            >
              {label[action]}
            </Button>
          ))}
          {stepUp && (
            <Button variant="outline" onClick={() => actions.run('step-up', SECURITY_PATH)}>
              {t('SECOND_FACTORS.STEP_UP')}
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}

/** What the section shows for the loaded state; the actions run at the provider. */
export function SecondFactorState({
  factors,
  actions,
}: {
  factors: SecondFactors;
  actions: AccountActions;
}) {
  const { t } = useTranslation();
  if (factors.provider === 'external') return <ExternalSecondFactors actions={actions} />;
  const onAction = (action: AccountAction, options?: AccountActionOptions) =>
    actions.run(action, SECURITY_PATH, options);
  const totp = factors.totp;
  return (
    <Stack gap="lg">
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
              <Button
                variant="outline"
                className="security-wrapping-button"
                onClick={() => onAction('new-recovery-codes')}
              >
                {t('SECOND_FACTORS.NEW_RECOVERY_CODES')}
              </Button>
              <Button
                variant="outline"
                color="red"
                className="security-wrapping-button"
                onClick={() => onAction('remove-totp')}
              >
                {t('SECOND_FACTORS.REMOVE')}
              </Button>
            </>
          ) : (
            <Button onClick={() => onAction('configure-totp')}>{t('SECOND_FACTORS.SET_UP')}</Button>
          )}
        </Group>
      </Stack>
      <PasskeyList passkeys={factors.passkeys ?? []} onAction={onAction} />
    </Stack>
  );
}

type Passkey = NonNullable<SecondFactors['passkeys']>[number];

const dateAndTime = (iso: string) => `${formatDate(new Date(iso))}, ${formatTime(new Date(iso))}`;

/**
 * The account's passkeys (decision 0071): each with its name, when it was added and last used,
 * and "Entfernen", which asks here first and then runs `pp_action=remove-passkey` for it (the
 * provider asks for the password before it removes it); "Passkey hinzufügen" runs `add-passkey`.
 */
function PasskeyList({
  passkeys,
  onAction,
}: {
  passkeys: readonly Passkey[];
  onAction: (action: AccountAction, options?: AccountActionOptions) => void;
}) {
  const { t } = useTranslation();
  const [removing, setRemoving] = useState<Passkey | undefined>(undefined);
  return (
    <Stack gap="xs">
      <Text fw={600} id="passkeys-title">
        {t('SECOND_FACTORS.PASSKEYS.TITLE')}
      </Text>
      {passkeys.length === 0 ? (
        <Text data-testid="passkeys-none">{t('SECOND_FACTORS.PASSKEYS.NONE')}</Text>
      ) : (
        <Stack
          component="ul"
          gap="xs"
          aria-labelledby="passkeys-title"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
        >
          {passkeys.map((passkey) => (
            <li key={passkey.id} data-testid="passkey">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <div>
                  <Text fw={500}>{passkey.name}</Text>
                  <Text size="sm">
                    {t('SECOND_FACTORS.PASSKEYS.ADDED', {
                      date: formatDate(new Date(passkey.createdAt)),
                    })}
                  </Text>
                  <Text size="sm" data-testid="passkey-last-used">
                    {passkey.lastUsedAt
                      ? t('SECOND_FACTORS.PASSKEYS.LAST_USED', {
                          date: dateAndTime(passkey.lastUsedAt),
                        })
                      : t('SECOND_FACTORS.PASSKEYS.NOT_USED')}
                  </Text>
                </div>
                <Button
                  variant="outline"
                  color="red"
                  aria-label={t('SECOND_FACTORS.PASSKEYS.REMOVE_LABEL', { name: passkey.name })}
                  onClick={() => setRemoving(passkey)}
                >
                  {t('SECOND_FACTORS.PASSKEYS.REMOVE')}
                </Button>
              </Group>
            </li>
          ))}
        </Stack>
      )}
      <Group gap="sm">
        <Button onClick={() => onAction('add-passkey')}>{t('SECOND_FACTORS.PASSKEYS.ADD')}</Button>
      </Group>
      <ConfirmDialog
        opened={removing !== undefined}
        title={t('SECOND_FACTORS.PASSKEYS.REMOVE_TITLE')}
        question={t('SECOND_FACTORS.PASSKEYS.REMOVE_QUESTION', { name: removing?.name ?? '' })}
        consequences={t('SECOND_FACTORS.PASSKEYS.REMOVE_CONSEQUENCES')}
        confirmLabel={t('SECOND_FACTORS.PASSKEYS.REMOVE')}
        danger
        pending={false}
        onConfirm={() => {
          if (removing) onAction('remove-passkey', { passkey: removing.id });
          setRemoving(undefined);
        }}
        onClose={() => setRemoving(undefined)}
      />
    </Stack>
  );
}

/**
 * The second factors of the signed-in person on the security page ("Anmeldemethoden"): the
 * authenticator app with the recovery codes left, the passkeys, and buttons that run the account actions on the
 * provider's pages (`pp_action`, decision 0064; an external provider's, decision 0073), back to
 * /security afterwards.
 */
export function SecondFactorMethods() {
  const { t } = useTranslation();
  const actions = useAccountActions();
  const factors = useSecondFactors();
  return (
    // Apart from the password above it, and smaller than its section's heading (issue 43).
    <section
      aria-labelledby="second-factor-methods-title"
      style={{ marginTop: 'var(--mantine-spacing-xl)' }}
    >
      <Title order={3} size="h5" id="second-factor-methods-title" mb="xs">
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
      {factors.data && <SecondFactorState factors={factors.data} actions={actions} />}
    </section>
  );
}
