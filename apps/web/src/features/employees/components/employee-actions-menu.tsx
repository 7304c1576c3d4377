import { Button, Menu } from '@mantine/core';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { Employee } from '@pp/contract';
import type { EmployeeAction } from '../api/employee-actions.ts';
import { actionText } from '../employee-action-texts.ts';

interface EmployeeActionsMenuProps {
  employee: Employee;
  /** The person's name as the screen shows it. */
  name: string;
  actions: EmployeeAction[];
  pending: EmployeeAction | undefined;
  onChoose: (action: EmployeeAction) => void;
  /** When the menu opens. */
  onOpen?: () => void;
  /** The menu's button, where the focus returns after a confirmation. */
  ref?: Ref<HTMLButtonElement>;
}

/**
 * The list's "Actions" menu of one person: one button per row instead of up to three long ones
 * (issue 22, decision 0057). Its name names the person, as the buttons of the person's page do.
 */
export function EmployeeActionsMenu(props: EmployeeActionsMenuProps) {
  const { employee, name, actions, pending, onChoose, onOpen, ref } = props;
  const { t } = useTranslation();
  if (actions.length === 0) return null;
  return (
    // In the page's main landmark, not a portal beside it; no focusable placeholder inside the
    // menu, which may hold menu items only.
    <Menu
      position="bottom-end"
      shadow="md"
      withinPortal={false}
      withInitialFocusPlaceholder={false}
      {...(onOpen ? { onOpen } : {})}
    >
      <Menu.Target>
        <Button
          ref={ref}
          size="compact-sm"
          variant="default"
          aria-label={t('EMPLOYEES.ACTIONS_FOR', { name })}
          loading={pending !== undefined}
          rightSection={<ChevronDown />}
        >
          {t('EMPLOYEES.ACTIONS')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.map((action) => (
          <Menu.Item key={action} onClick={() => onChoose(action)}>
            {actionText(t, action, employee)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

function ChevronDown() {
  return (
    <svg
      width={14}
      height={14}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      focusable={false}
    >
      <path d="m6 9 6 6 6-6" />
    </svg>
  );
}
