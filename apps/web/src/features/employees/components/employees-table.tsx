import { VisuallyHidden } from '@mantine/core';
import { memo, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { Employee } from '@pp/contract';
import type { Viewer } from '../employee-permissions.ts';
import { EmployeeRow } from './employee-row.tsx';
import { SelectBox } from './select-box.tsx';

const COLUMNS = [
  'EMPLOYEES.COLUMN_NAME',
  'EMPLOYEES.COLUMN_EMAIL',
  'EMPLOYEES.COLUMN_ROLE',
  'EMPLOYEES.COLUMN_STATUS',
  'EMPLOYEES.COLUMN_LOCATIONS',
] as const;

interface EmployeesTableProps {
  companyId: string;
  employees: Employee[];
  viewer: Viewer;
  /** The table, which takes the focus after a change of page. */
  ref?: Ref<HTMLTableElement>;
  /** The people chosen for a bulk action (decision 0084). */
  selected: ReadonlySet<string>;
  /** Whether the viewer may choose this person (there is something the viewer may do). */
  selectable: (employee: Employee) => boolean;
  onSelect: (employees: Employee[], on: boolean) => void;
}

/**
 * A page of people as a compact table; where it is narrow each row shows as a small block and the
 * column headings are read, not shown (decision 0057). The roles are spelled out: a browser may
 * drop a table's semantics once its rows are laid out as grids (WebKit does).
 */
export const EmployeesTable = memo(function EmployeesTable(props: EmployeesTableProps) {
  const { companyId, employees, viewer, ref, selected, selectable, onSelect } = props;
  const { t } = useTranslation();
  const choosable = employees.filter(selectable);
  const chosen = choosable.filter((employee) => selected.has(employee.customerId)).length;
  return (
    <div className="employees-table-frame">
      <table
        ref={ref}
        tabIndex={-1}
        role="table"
        className="employees-table"
        aria-label={t('EMPLOYEES.LIST')}
      >
        <thead role="rowgroup">
          <tr role="row">
            <th scope="col" role="columnheader" className="employee-select">
              <SelectBox
                label={t('BULK_ACTIONS.SELECT_PAGE')}
                checked={choosable.length > 0 && chosen === choosable.length}
                indeterminate={chosen > 0 && chosen < choosable.length}
                disabled={choosable.length === 0}
                onChange={(on) => onSelect(choosable, on)}
              />
            </th>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" role="columnheader">
                {t(column)}
              </th>
            ))}
            <th scope="col" role="columnheader">
              <VisuallyHidden>{t('EMPLOYEES.ACTIONS')}</VisuallyHidden>
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup">
          {employees.map((employee) => (
            <EmployeeRow
              key={employee.customerId}
              companyId={companyId}
              employee={employee}
              viewer={viewer}
              selectable={selectable(employee)}
              selected={selected.has(employee.customerId)}
              onSelect={onSelect}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
});
