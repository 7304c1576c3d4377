import { useTranslation } from 'react-i18next';
import type { LeaveGuard } from '../../lib/forms/leave-guard.ts';
import { ConfirmDialog } from '../confirm-dialog.tsx';

/**
 * The question before unsaved changes are left behind (a menu entry, a link, Back). Focus starts
 * on "Stay"; Escape and the close button stay as well.
 */
export function LeaveDialog({ guard }: { guard: LeaveGuard }) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      opened={guard.asking}
      title={t('UNSAVED_CHANGES.TITLE')}
      question={t('UNSAVED_CHANGES.QUESTION')}
      cancelLabel={t('UNSAVED_CHANGES.STAY')}
      confirmLabel={t('UNSAVED_CHANGES.DISCARD')}
      danger
      pending={false}
      onConfirm={guard.leave}
      onClose={guard.stay}
    />
  );
}
