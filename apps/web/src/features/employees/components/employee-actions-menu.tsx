import { Button, Menu } from '@mantine/core';
import { useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { useMergedRef } from '@mantine/hooks';
import { flushSync } from 'react-dom';
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
 *
 * A page of the list has up to 100 rows and a menu (a popover with its positioning, focus trap and
 * contexts) is most of a row's rendering: each row shows a plain button until the menu is first
 * asked for, and the menu takes over that button's place (decision 0092).
 */
export function EmployeeActionsMenu(props: EmployeeActionsMenuProps) {
  const { employee, name, actions, pending, onChoose, onOpen, ref } = props;
  const { t } = useTranslation();
  const [wanted, setWanted] = useState(false);
  const [opened, setOpened] = useState(false);
  const target = useRef<HTMLButtonElement | null>(null);
  const buttonRef = useMergedRef(ref, target);
  // The menu's button replaces the plain one at once, and the focus moves to it before the menu
  // opens: the menu returns the focus there when it closes.
  const want = () => {
    onOpen?.();
    flushSync(() => setWanted(true));
    target.current?.focus();
    setOpened(true);
  };
  if (actions.length === 0) return null;

  const button = (
    <Button
      ref={buttonRef}
      size="compact-sm"
      variant="default"
      aria-label={t('EMPLOYEES.ACTIONS_FOR', { name })}
      loading={pending !== undefined}
      rightSection={<ChevronDown />}
      // A menu button opens with the arrow keys too (WAI-ARIA menu button pattern), and Escape
      // closes it while the focus is still on the button: the menu itself only hears Escape
      // once the focus has reached its entries.
      onKeyDown={(event: KeyboardEvent<HTMLButtonElement>) => {
        if (event.key === 'Escape' && opened) {
          event.preventDefault();
          setOpened(false);
        } else if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && !opened) {
          event.preventDefault();
          if (wanted) setOpened(true);
          else want();
        }
      }}
      {...(wanted
        ? {}
        : { 'aria-haspopup': 'menu' as const, 'aria-expanded': false, onClick: want })}
    >
      {t('EMPLOYEES.ACTIONS')}
    </Button>
  );
  if (!wanted) return button;
  return (
    // In the page's main landmark, not a portal beside it; no focusable placeholder inside the
    // menu, which may hold menu items only.
    <Menu
      position="bottom-end"
      shadow="md"
      withinPortal={false}
      withInitialFocusPlaceholder={false}
      opened={opened}
      onChange={setOpened}
      {...(onOpen ? { onOpen } : {})}
    >
      <Menu.Target>{button}</Menu.Target>
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
