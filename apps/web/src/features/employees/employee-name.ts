import type { TFunction } from 'i18next';
import type { Employee } from '@pp/contract';

/** A person as the screens name them: title and name, or the e-mail address when unnamed. */
export function employeeName(t: TFunction, employee: Employee): string {
  const name = [employee.firstName, employee.lastName].filter(Boolean).join(' ');
  if (!name) return employee.email;
  return [employee.title && t(`TITLES.${employee.title}`), name].filter(Boolean).join(' ');
}
