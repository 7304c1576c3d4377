import { useTranslation } from 'react-i18next';
import type { Employee } from '@pp/contract';
import { formatDate } from '../../../lib/format/format.ts';
import { roleKey } from '../../../lib/format/role-name.ts';
import { usePicklists } from '../../../lib/ui-state/api/get-picklists.ts';
import './employees-overview.css';

/** A person's data as a list of labels and values; what is not known says so. */
export function EmployeeDetails({ employee }: { employee: Employee }) {
  const { t } = useTranslation();
  const salutations = usePicklists().data?.salutation.values ?? [];
  const unknown = t('EMPLOYEE_INFORMATION.NOT_GIVEN');
  const salutation = salutations.find((entry) => entry.value === employee.salutation);
  const rows: [string, string][] = [
    [t('INVITE.EMAIL'), employee.email],
    [t('INVITE.SALUTATION'), salutation?.label ?? employee.salutation ?? unknown],
    [t('INVITE.TITLE'), employee.title ? t(`TITLES.${employee.title}`) : unknown],
    [t('INVITE.FIRST_NAME'), employee.firstName ?? unknown],
    [t('INVITE.LAST_NAME'), employee.lastName ?? unknown],
    [t('INVITE.ROLE'), t(roleKey(employee.role, employee.salutation))],
    [t('EMPLOYEES.STATUS_FILTER'), t(`EMPLOYEES.STATUS_${employee.status.toUpperCase()}`)],
    [
      t('INVITE.LOCATIONS'),
      employee.locations.map((location) => location.name).join(', ') || t('EMPLOYEES.NO_LOCATIONS'),
    ],
  ];
  if (employee.invitedAt && employee.expiresAt) {
    rows.push(
      [t('EMPLOYEE_INFORMATION.INVITED_AT'), formatDate(new Date(employee.invitedAt))],
      [t('EMPLOYEE_INFORMATION.EXPIRES_AT'), formatDate(new Date(employee.expiresAt))],
    );
  }
  return (
    <dl className="employee-details">
      {rows.map(([label, value]) => (
        <div key={label} className="employee-detail">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
