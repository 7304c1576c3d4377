// Every screen that asks gets the dialog's styles with it, in Mantine's order (Overlay and
// ModalBase before Modal), also a form that asks only before its unsaved changes are left.
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import { Button, Group, Modal, Text } from '@mantine/core';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  /** The question, naming what it is about. */
  question: string;
  /** What follows from saying yes, when it needs saying. */
  consequences?: string;
  confirmLabel: string;
  /** "Cancel" unless given. */
  cancelLabel?: string;
  /** Red for what takes something away. */
  danger?: boolean;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /**
   * Where the focus goes once the dialog has closed, when not to the element focused before it
   * opened (a menu's entry, gone with its menu): the menu's button.
   */
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/**
 * Asks before a change that is not undone by a click; focus starts on "Cancel". Built from
 * Modal's parts for its header: Mantine's is a `<header>`, a second page banner.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { opened, title, question, consequences, confirmLabel, danger, pending } = props;
  const { t } = useTranslation();
  return (
    <Modal.Root
      opened={opened}
      onClose={pending ? () => undefined : props.onClose}
      size="md"
      returnFocus={!props.returnFocusTo}
      onExitTransitionEnd={() => props.returnFocusTo?.current?.focus()}
    >
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title>{title}</Modal.Title>
          <Modal.CloseButton aria-label={t('ACTIONS.CLOSE')} disabled={pending} />
        </Modal.Header>
        <Modal.Body>
          <Text mb={consequences ? 'sm' : 'lg'}>{question}</Text>
          {consequences && (
            <Text size="sm" mb="lg">
              {consequences}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" data-autofocus onClick={props.onClose} disabled={pending}>
              {props.cancelLabel ?? t('ACTIONS.CANCEL')}
            </Button>
            <Button
              {...(danger ? { color: 'red' } : {})}
              loading={pending}
              onClick={props.onConfirm}
            >
              {confirmLabel}
            </Button>
          </Group>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
