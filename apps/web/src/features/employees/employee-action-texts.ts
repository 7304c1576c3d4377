import type { TFunction } from 'i18next';
import type { Employee } from '@pp/contract';
import type { EmployeeAction } from './api/employee-actions.ts';

const ACTION_TEXTS: Record<EmployeeAction, string> = {
  enable: 'EMPLOYEES.ACTION_ENABLE',
  disable: 'EMPLOYEES.ACTION_DISABLE',
  resend: 'EMPLOYEES.ACTION_RESEND',
  revoke: 'EMPLOYEES.ACTION_REVOKE',
  makeMember: 'EMPLOYEES.ACTION_MAKE_MEMBER',
  makeAdmin: 'EMPLOYEES.ACTION_MAKE_ADMIN',
  transferSuperadmin: 'EMPLOYEES.ACTION_TRANSFER',
};

/** A button's text; for a request to join, enabling approves it and disabling declines it. */
export function actionText(t: TFunction, action: EmployeeAction, employee: Employee): string {
  if (employee.status === 'requested' && action === 'enable') return t('EMPLOYEES.ACTION_APPROVE');
  if (employee.status === 'requested' && action === 'disable') return t('EMPLOYEES.ACTION_DENY');
  return t(ACTION_TEXTS[action]);
}

/** The success toast of each action (toasts carry no values: they say what happened). */
export const DONE_TEXTS: Record<EmployeeAction, string> = {
  enable: 'EMPLOYEES.DONE_ENABLE',
  disable: 'EMPLOYEES.DONE_DISABLE',
  resend: 'EMPLOYEES.DONE_RESEND',
  revoke: 'EMPLOYEES.DONE_REVOKE',
  makeMember: 'EMPLOYEES.DONE_ROLE',
  makeAdmin: 'EMPLOYEES.DONE_ROLE',
  transferSuperadmin: 'EMPLOYEES.DONE_TRANSFER',
};

interface ConfirmTexts {
  title: string;
  question: string;
  consequences: string;
}

/** The confirmation dialogs' texts, for the actions that ask first. */
export const CONFIRM_TEXTS: Partial<Record<EmployeeAction, ConfirmTexts>> = {
  disable: {
    title: 'EMPLOYEES.CONFIRM_DISABLE_TITLE',
    question: 'EMPLOYEES.CONFIRM_DISABLE_QUESTION',
    consequences: 'EMPLOYEES.CONFIRM_DISABLE_CONSEQUENCES',
  },
  revoke: {
    title: 'EMPLOYEES.CONFIRM_REVOKE_TITLE',
    question: 'EMPLOYEES.CONFIRM_REVOKE_QUESTION',
    consequences: 'EMPLOYEES.CONFIRM_REVOKE_CONSEQUENCES',
  },
  transferSuperadmin: {
    title: 'EMPLOYEES.CONFIRM_TRANSFER_TITLE',
    question: 'EMPLOYEES.CONFIRM_TRANSFER_QUESTION',
    consequences: 'EMPLOYEES.CONFIRM_TRANSFER_CONSEQUENCES',
  },
};
