import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RefusalAlert } from '../../../components/forms/refusal-alert.tsx';
import { actionText } from '../employee-action-texts.ts';
import { useEmployeeActions, type EmployeeActionsInput } from './use-employee-actions.tsx';

/**
 * A person's page: a button for each thing the viewer may do with them (the list offers the same
 * in a menu). Each button's name names the person too.
 */
export function EmployeeActions(props: EmployeeActionsInput) {
  const { employee, name } = props;
  const { t } = useTranslation();
  const { actions, choose, dialog, refusal, pending } = useEmployeeActions(props);
  if (actions.length === 0) return null;

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
            loading={pending === action}
            onClick={() => choose(action)}
          >
            {actionText(t, action, employee)}
          </Button>
        ))}
      </Group>
      <RefusalAlert error={refusal} />
      {dialog}
    </>
  );
}
