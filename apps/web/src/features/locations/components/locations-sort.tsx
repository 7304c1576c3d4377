import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '@pp/contract';
import type { LocationsView } from '../../../lib/ui-state/api/get-locations.ts';
import { SORT_OPTIONS } from '../locations-view.ts';

interface LocationsSortProps {
  view: LocationsView;
  onChange: (changes: Partial<LocationsView>) => void;
}

const SORT_TEXTS = {
  name: 'LOCATIONS.SORT_NAME',
  city: 'LOCATIONS.SORT_CITY',
  postalCode: 'LOCATIONS.SORT_POSTAL_CODE',
} as const;

/** How the list is sorted (field and direction in one choice) and how many fit on a page. */
export function LocationsSort({ view, onChange }: LocationsSortProps) {
  const { t } = useTranslation();
  const sortOptions = SORT_OPTIONS.map(({ field, direction, value }) => ({
    value,
    label: t(direction === 'asc' ? 'LOCATIONS.ASCENDING' : 'LOCATIONS.DESCENDING', {
      field: t(SORT_TEXTS[field]),
    }),
  }));

  return (
    <>
      <NativeSelect
        label={t('LOCATIONS.SORT')}
        data={sortOptions}
        value={`${view.sort}-${view.direction}`}
        onChange={(event) => {
          const chosen = SORT_OPTIONS.find((option) => option.value === event.currentTarget.value);
          if (chosen) onChange({ sort: chosen.field, direction: chosen.direction, page: 1 });
        }}
      />
      <NativeSelect
        label={t('LOCATIONS.PAGE_SIZE')}
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
