import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface DisablePracticeDialogProps {
  opened: boolean;
  practiceName: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * Asks before a practice is disabled, naming it; focus starts on "Cancel". Built from Modal's
 * parts for its header: Mantine's is a `<header>`, a second page banner.
 */
export function DisablePracticeDialog({
  opened,
  practiceName,
  pending,
  onConfirm,
  onClose,
}: DisablePracticeDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal.Root opened={opened} onClose={pending ? () => undefined : onClose} size="md">
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title>{t('DISABLE_PRACTICE.DIALOG_TITLE')}</Modal.Title>
          <Modal.CloseButton aria-label={t('ACTIONS.CLOSE')} disabled={pending} />
        </Modal.Header>
        <Modal.Body>
          <Text mb="sm">{t('DISABLE_PRACTICE.QUESTION', { name: practiceName })}</Text>
          <Text size="sm" mb="lg">
            {t('DISABLE_PRACTICE.CONSEQUENCES')}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" data-autofocus onClick={onClose} disabled={pending}>
              {t('ACTIONS.CANCEL')}
            </Button>
            <Button color="red" loading={pending} onClick={onConfirm}>
              {t('DISABLE_PRACTICE.CONFIRM')}
            </Button>
          </Group>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
