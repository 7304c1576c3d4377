import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Employee } from '@pp/contract';
import { roleKey } from '../../../lib/format/role-name.ts';

/** A membership status's badge colour, wherever it shows. */
export const STATUS_COLORS = {
  enabled: 'teal',
  invited: 'blue',
  requested: 'grape',
  disabled: 'gray',
};

/** A person's role, the state of their membership and a second factor, as badges. */
export function EmployeeBadges({ employee, own }: { employee: Employee; own: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Badge variant="light">{t(roleKey(employee.role, employee.salutation))}</Badge>
      <Badge variant="outline" color={STATUS_COLORS[employee.status]}>
        {t(`EMPLOYEES.STATUS_${employee.status.toUpperCase()}`)}
      </Badge>
      {own && <Badge variant="outline">{t('EMPLOYEES.YOU')}</Badge>}
      {employee.secondFactor && (
        <Badge variant="outline" color="teal">
          {t('EMPLOYEES.SECOND_FACTOR')}
        </Badge>
      )}
    </>
  );
}
