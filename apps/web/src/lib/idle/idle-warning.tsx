import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useIdleTimeout } from './use-idle-timeout.ts';

interface IdleWarningProps {
  timeoutMinutes: number;
  onSignOut: () => void;
}

/**
 * Practices share reception computers: after `timeoutMinutes` without activity this dialog
 * counts down, then signs the user out unless they choose to stay.
 */
export function IdleWarning({ timeoutMinutes, onSignOut }: IdleWarningProps) {
  const { t } = useTranslation();
  const { phase, stayActive } = useIdleTimeout(timeoutMinutes * 60_000, onSignOut);

  return (
    <Modal
      opened={phase.kind === 'warning'}
      onClose={stayActive}
      title={t('IDLE.TITLE')}
      closeButtonProps={{ 'aria-label': t('IDLE.STAY') }}
      centered
    >
      <Text role="timer" aria-live="polite" mb="md">
        {t('IDLE.COUNTDOWN', { seconds: phase.kind === 'warning' ? phase.secondsLeft : 0 })}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onSignOut}>
          {t('USER_MENU.SIGN_OUT')}
        </Button>
        <Button onClick={stayActive} data-autofocus>
          {t('IDLE.STAY')}
        </Button>
      </Group>
    </Modal>
  );
}
