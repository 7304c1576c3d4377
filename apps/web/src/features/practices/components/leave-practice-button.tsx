import { Button } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useToasts } from '../../../lib/toasts/toast-context.ts';
import { failureToastKey } from '../../../lib/toasts/failure-toast.ts';
import { TOAST_MESSAGES } from '../../../lib/toasts/toast-store.ts';
import type { Company } from '../../../lib/ui-state/companies.ts';
import { useMembershipCall } from '../api/membership-calls.ts';

/** Leaves a practice after a confirmation naming it (anyone but its superadmin). */
export function LeavePracticeButton({ company }: { company: Company }) {
  const { t } = useTranslation();
  const toasts = useToasts();
  const leave = useMembershipCall('leave');
  const [asking, setAsking] = useState(false);

  // Awaited: once left, the practice's entry (and this button) is gone from the list.
  const confirm = async () => {
    if (leave.isPending) return;
    try {
      await leave.mutateAsync(company.companyId);
      toasts.show('LEAVE_PRACTICE.DONE', 'success');
    } catch (error) {
      toasts.show(failureToastKey(error, TOAST_MESSAGES.SAVE_ERROR));
    } finally {
      setAsking(false);
    }
  };

  return (
    <>
      <Button
        variant="outline"
        color="red"
        aria-label={`${t('LEAVE_PRACTICE.OPEN')}: ${company.name}`}
        onClick={() => setAsking(true)}
      >
        {t('LEAVE_PRACTICE.OPEN')}
      </Button>
      <ConfirmDialog
        opened={asking}
        title={t('LEAVE_PRACTICE.TITLE')}
        question={t('LEAVE_PRACTICE.QUESTION', { name: company.name })}
        consequences={t('LEAVE_PRACTICE.CONSEQUENCES')}
        confirmLabel={t('LEAVE_PRACTICE.CONFIRM')}
        danger
        pending={leave.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
