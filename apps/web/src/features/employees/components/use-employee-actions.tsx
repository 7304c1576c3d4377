import { useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { Employee } from '@pp/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useToasts } from '../../../lib/toasts/toast-context.ts';
import { failureToastKey } from '../../../lib/toasts/failure-toast.ts';
import { TOAST_MESSAGES } from '../../../lib/toasts/toast-store.ts';
import { useEmployeeAction, type EmployeeAction } from '../api/employee-actions.ts';
import { actionText, CONFIRM_TEXTS, DONE_TEXTS } from '../employee-action-texts.ts';
import { allowedActions, CONFIRMED_ACTIONS, type Viewer } from '../employee-permissions.ts';

export interface EmployeeActionsInput {
  companyId: string;
  employee: Employee;
  /** The person's name as the screen shows it. */
  name: string;
  viewer: Viewer;
  /** After a revoked invitation: the person's own page has nothing left to show. */
  onRevoked?: () => void;
  /** Where the focus returns after a confirmation, when the chosen control is gone (a menu). */
  returnFocusTo?: RefObject<HTMLElement | null>;
  /**
   * The dialog is mounted only once `prepareDialog` was called (the list: when the person's menu
   * opens), not with every row of the list: 25 closed dialogs made a new page a long task on a
   * phone (issue 28). It is still mounted before it opens, so it opens as it always does.
   */
  dialogOnDemand?: boolean;
}

/**
 * What the viewer may do with one person and how it runs, for the buttons of a person's page and
 * the menu of the list alike: disabling, revoking and handing over the superadmin role ask first
 * (`dialog`, to be rendered), naming the person; the others run at once.
 */
export function useEmployeeActions(input: EmployeeActionsInput) {
  const { companyId, employee, name, viewer, onRevoked, returnFocusTo, dialogOnDemand } = input;
  const { t } = useTranslation();
  const toasts = useToasts();
  const mutation = useEmployeeAction();
  // The dialog stays mounted while it closes, so Mantine returns the focus to where it was.
  const [asking, setAsking] = useState<EmployeeAction>();
  const [opened, setOpened] = useState(false);
  const [dialogWanted, setDialogWanted] = useState(!dialogOnDemand);
  const [refusal, setRefusal] = useState<unknown>();
  const actions = allowedActions(viewer, employee);

  // Awaited: a revoked invitation (or a person filtered out) leaves the list before the
  // mutation's own callbacks could run.
  const run = async (action: EmployeeAction) => {
    if (mutation.isPending) return;
    setRefusal(undefined);
    try {
      await mutation.mutateAsync({
        action,
        target: { companyId, customerId: employee.customerId },
      });
      toasts.show(DONE_TEXTS[action], 'success');
      if (action === 'revoke') onRevoked?.();
    } catch (error) {
      setRefusal(error);
      toasts.show(failureToastKey(error, TOAST_MESSAGES.SAVE_ERROR));
    } finally {
      setOpened(false);
    }
  };
  const choose = (action: EmployeeAction) => {
    if (CONFIRMED_ACTIONS.includes(action)) {
      setDialogWanted(true);
      setAsking(action);
      setOpened(true);
    } else {
      void run(action);
    }
  };
  // Mounted before it opens, so Mantine notes the focused element to return to.
  const shown = asking ?? 'disable';
  const confirm = CONFIRM_TEXTS[shown];
  const asks = actions.some((action) => CONFIRMED_ACTIONS.includes(action));
  const dialog = confirm && asks && dialogWanted && (
    <ConfirmDialog
      opened={opened}
      title={t(confirm.title)}
      question={t(confirm.question, { name })}
      consequences={t(confirm.consequences, { name })}
      confirmLabel={actionText(t, shown, employee)}
      danger={shown !== 'transferSuperadmin'}
      pending={mutation.isPending}
      onConfirm={() => void run(shown)}
      onClose={() => setOpened(false)}
      {...(returnFocusTo ? { returnFocusTo } : {})}
    />
  );

  return {
    actions,
    choose,
    dialog,
    /** Mounts the dialog (closed) ahead of its use, with `dialogOnDemand`. */
    prepareDialog: () => {
      if (asks) setDialogWanted(true);
    },
    refusal,
    /** The action running now, if any. */
    pending: mutation.isPending ? mutation.variables.action : undefined,
  };
}
