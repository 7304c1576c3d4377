import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Employee } from '@pp/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { RefusalAlert } from '../../../components/forms/refusal-alert.tsx';
import { useToasts } from '../../../lib/toasts/toast-context.ts';
import { TOAST_MESSAGES } from '../../../lib/toasts/toast-store.ts';
import { useEmployeeAction, type EmployeeAction } from '../api/employee-actions.ts';
import { actionText, CONFIRM_TEXTS, DONE_TEXTS } from '../employee-action-texts.ts';
import { allowedActions, CONFIRMED_ACTIONS, type Viewer } from '../employee-permissions.ts';

interface EmployeeActionsProps {
  companyId: string;
  employee: Employee;
  /** The person's name as the screen shows it. */
  name: string;
  viewer: Viewer;
  /** After a revoked invitation: the person's own page has nothing left to show. */
  onRevoked?: () => void;
}

/**
 * The buttons for what the viewer may do with one person; disabling, revoking and handing
 * over the superadmin role ask first, naming the person. Each button's name names them too.
 */
export function EmployeeActions(props: EmployeeActionsProps) {
  const { companyId, employee, name, viewer, onRevoked } = props;
  const { t } = useTranslation();
  const toasts = useToasts();
  const mutation = useEmployeeAction();
  // The dialog stays mounted while it closes, so Mantine returns the focus to the button.
  const [asking, setAsking] = useState<EmployeeAction>();
  const [opened, setOpened] = useState(false);
  const [refusal, setRefusal] = useState<unknown>();
  const actions = allowedActions(viewer, employee);
  if (actions.length === 0) return null;

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
      toasts.show(TOAST_MESSAGES.SAVE_ERROR);
    } finally {
      setOpened(false);
    }
  };
  const ask = (action: EmployeeAction) => {
    setAsking(action);
    setOpened(true);
  };
  // Mounted before it opens, so Mantine notes the focused button to return to.
  const shown = asking ?? 'disable';
  const confirm = CONFIRM_TEXTS[shown];

  return (
    <>
      <Group mt="sm" gap="xs">
        {actions.map((action) => (
          <Button
            key={action}
            size="compact-md"
            variant={action === 'disable' || action === 'revoke' ? 'outline' : 'default'}
            {...(action === 'disable' || action === 'revoke' ? { color: 'red' } : {})}
            aria-label={`${actionText(t, action, employee)}: ${name}`}
            loading={mutation.isPending && mutation.variables.action === action}
            onClick={() => (CONFIRMED_ACTIONS.includes(action) ? ask(action) : void run(action))}
          >
            {actionText(t, action, employee)}
          </Button>
        ))}
      </Group>
      <RefusalAlert error={refusal} />
      {confirm && actions.some((action) => CONFIRMED_ACTIONS.includes(action)) && (
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
        />
      )}
    </>
  );
}
