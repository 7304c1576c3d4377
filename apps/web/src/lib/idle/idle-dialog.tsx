import { Button, Group, Modal, Text } from '@mantine/core';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import { useTranslation } from 'react-i18next';

interface IdleDialogProps {
  secondsLeft: number;
  onStay: () => void;
  onSignOut: () => void;
}

/** The warning before the idle sign-out; its own chunk, loaded when it is first needed. */
export function IdleDialog({ secondsLeft, onStay, onSignOut }: IdleDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened
      onClose={onStay}
      title={t('IDLE.TITLE')}
      closeButtonProps={{ 'aria-label': t('ACTIONS.CLOSE') }}
      centered
    >
      <Text role="timer" mb="md">
        {t('IDLE.COUNTDOWN', { seconds: secondsLeft })}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onSignOut}>
          {t('USER_MENU.SIGN_OUT')}
        </Button>
        <Button onClick={onStay} data-autofocus>
          {t('IDLE.STAY')}
        </Button>
      </Group>
    </Modal>
  );
}
