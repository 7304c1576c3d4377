import { Anchor, Badge } from '@mantine/core';
import { memo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Employee } from '@pp/contract';
import { RefusalAlert } from '../../../components/forms/refusal-alert.tsx';
import { roleKey } from '../../../lib/format/role-name.ts';
import { employeeInformationLink } from '../employee-links.ts';
import { employeeName } from '../employee-name.ts';
import type { Viewer } from '../employee-permissions.ts';
import { EmployeeActionsMenu } from './employee-actions-menu.tsx';
import { STATUS_COLORS } from './employee-badges.tsx';
import { InvitationDates } from './invitation-dates.tsx';
import { SelectBox } from './select-box.tsx';
import { useEmployeeActions } from './use-employee-actions.tsx';

interface EmployeeRowProps {
  companyId: string;
  employee: Employee;
  viewer: Viewer;
  selectable: boolean;
  selected: boolean;
  /** Called with this person: one function for every row, so that a row renders only when it changes. */
  onSelect: (employees: Employee[], on: boolean) => void;
}

/**
 * One person of the list: name (to their page), address, role, status, locations and the menu of
 * what the viewer may do with them. A table row on wide screens, a compact block on a phone.
 */
export const EmployeeRow = memo(function EmployeeRow(props: EmployeeRowProps) {
  const { companyId, employee, viewer } = props;
  const { t } = useTranslation();
  const name = employeeName(t, employee);
  const places = employee.locations.map((location) => location.name).join(', ');
  const menuButton = useRef<HTMLButtonElement>(null);
  const { actions, choose, dialog, prepareDialog, refusal, pending } = useEmployeeActions({
    companyId,
    employee,
    name,
    viewer,
    returnFocusTo: menuButton,
    dialogOnDemand: true,
  });

  return (
    <tr role="row" className="employee-row">
      <td role="cell" className="employee-select">
        {props.selectable && (
          <SelectBox
            label={t('BULK_ACTIONS.SELECT_ONE', { name })}
            checked={props.selected}
            onChange={(on) => props.onSelect([employee], on)}
          />
        )}
      </td>
      <th scope="row" role="rowheader" className="employee-name">
        <Anchor component={Link} to={employeeInformationLink(employee.customerId)}>
          {name}
        </Anchor>
        {(employee.customerId === viewer.customerId || employee.secondFactor) && (
          <span className="employee-name-badges">
            {employee.customerId === viewer.customerId && (
              <Badge variant="outline" className="employee-badge">
                {t('EMPLOYEES.YOU')}
              </Badge>
            )}
            {employee.secondFactor && (
              <Badge variant="outline" color="teal" className="employee-badge">
                {t('EMPLOYEES.SECOND_FACTOR')}
              </Badge>
            )}
          </span>
        )}
      </th>
      <td role="cell" className="employee-email">
        {name !== employee.email && employee.email}
        <InvitationDates employee={employee} />
        <RefusalAlert error={refusal} />
      </td>
      <td role="cell" className="employee-role">
        <Badge variant="light" className="employee-badge">
          {t(roleKey(employee.role, employee.salutation))}
        </Badge>
      </td>
      <td role="cell" className="employee-status">
        <Badge variant="outline" color={STATUS_COLORS[employee.status]} className="employee-badge">
          {t(`EMPLOYEES.STATUS_${employee.status.toUpperCase()}`)}
        </Badge>
      </td>
      <td role="cell" className="employee-places">
        {places ? (
          <>
            {/* The column's heading says it on wide screens; a phone shows no headings. */}
            <span className="employee-places-label">{t('EMPLOYEES.COLUMN_LOCATIONS')}: </span>
            {places}
          </>
        ) : (
          t('EMPLOYEES.NO_LOCATIONS')
        )}
      </td>
      <td role="cell" className="employee-actions">
        <EmployeeActionsMenu
          ref={menuButton}
          employee={employee}
          name={name}
          actions={actions}
          pending={pending}
          onChoose={choose}
          onOpen={prepareDialog}
        />
        {dialog}
      </td>
    </tr>
  );
});
