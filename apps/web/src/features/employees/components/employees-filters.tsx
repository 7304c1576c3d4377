import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MEMBERSHIP_STATUSES, PAGE_SIZES } from '@pp/contract';
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
  const sortOptions = SORT_OPTIONS.map(({ field, direction, value }) => ({
    value,
    label: t(direction === 'asc' ? 'EMPLOYEES.ASCENDING' : 'EMPLOYEES.DESCENDING', {
      field: t(SORT_TEXTS[field]),
    }),
  }));

  return (
    <>
      <NativeSelect
        label={t('EMPLOYEES.STATUS_FILTER')}
        data={statusOptions}
        value={view.status}
        onChange={(event) => {
          const value = event.currentTarget.value;
          const status = MEMBERSHIP_STATUSES.find((allowed) => allowed === value) ?? '';
          onChange({ status, page: 1 });
        }}
      />
      <NativeSelect
        label={t('EMPLOYEES.SORT')}
        data={sortOptions}
        value={`${view.sort}-${view.direction}`}
        onChange={(event) => {
          const chosen = SORT_OPTIONS.find((option) => option.value === event.currentTarget.value);
          if (chosen) onChange({ sort: chosen.field, direction: chosen.direction, page: 1 });
        }}
      />
      <NativeSelect
        label={t('EMPLOYEES.PAGE_SIZE')}
        data={PAGE_SIZES.map((size) => String(size))}
        value={String(view.pageSize)}
        onChange={(event) => {
          const size = PAGE_SIZES.find((allowed) => String(allowed) === event.currentTarget.value);
          if (size) onChange({ pageSize: size, page: 1 });
        }}
      />
    </>
  );
}
