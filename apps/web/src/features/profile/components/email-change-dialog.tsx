import { Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmailChangeForm } from './email-change-form.tsx';

interface EmailChangeDialogProps {
  opened: boolean;
  currentEmail: string;
  onClose: () => void;
  /** The request went out: a confirmation link is on its way to `newEmail`. */
  onRequested: (newEmail: string) => void;
}

/**
 * Asks for the new address; focus starts in its field and returns to the button on closing.
 * Built from Modal's parts for its header: Mantine's is a `<header>`, a second page banner.
 */
export function EmailChangeDialog({
  opened,
  currentEmail,
  onClose,
  onRequested,
}: EmailChangeDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal.Root opened={opened} onClose={onClose} size="lg">
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title>{t('EMAIL_CHANGE.TITLE')}</Modal.Title>
          <Modal.CloseButton aria-label={t('ACTIONS.CLOSE')} />
        </Modal.Header>
        <Modal.Body>
          <Text mb="md">{t('EMAIL_CHANGE.TEXT', { email: currentEmail })}</Text>
          <EmailChangeForm
            currentEmail={currentEmail}
            onCancel={onClose}
            onRequested={onRequested}
          />
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
