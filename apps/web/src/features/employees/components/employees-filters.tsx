import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MEMBERSHIP_STATUSES } from '@pp/contract';
import { ListSort } from '../../../components/lists/list-sort.tsx';
import { SORT_OPTIONS, type EmployeesView } from '../employees-view.ts';

interface EmployeesFiltersProps {
  view: EmployeesView;
  onChange: (changes: Partial<EmployeesView>) => void;
}

const SORT_TEXTS = {
  name: 'EMPLOYEES.SORT_NAME',
  email: 'EMPLOYEES.SORT_EMAIL',
  role: 'EMPLOYEES.SORT_ROLE',
  status: 'EMPLOYEES.SORT_STATUS',
} as const;

/** Which people the list shows (status), how it is sorted and how many fit on a page. */
export function EmployeesFilters({ view, onChange }: EmployeesFiltersProps) {
  const { t } = useTranslation();
  const statusOptions = [
    { value: '', label: t('EMPLOYEES.STATUS_ALL') },
    ...MEMBERSHIP_STATUSES.map((status) => ({
      value: status,
      label: t(`EMPLOYEES.STATUS_${status.toUpperCase()}`),
    })),
  ];
  return (
    <>
      <NativeSelect
        label={t('EMPLOYEES.STATUS_FILTER')}
        data={statusOptions}
        value={view.status ?? ''}
        onChange={(event) => {
          const value = event.currentTarget.value;
          const status = MEMBERSHIP_STATUSES.find((allowed) => allowed === value);
          onChange({ status, page: 1 });
        }}
      />
      <ListSort
        textsOf="EMPLOYEES"
        options={SORT_OPTIONS}
        fieldTexts={SORT_TEXTS}
        view={view}
        onChange={onChange}
      />
    </>
  );
}
