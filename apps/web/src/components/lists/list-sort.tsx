import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '@pp/contract';

type Direction = 'asc' | 'desc';

/** The part of a list's URL state these selects change. */
export interface SortedView<F extends string> {
  sort: F;
  direction: Direction;
  pageSize: number;
}

interface ListSortProps<F extends string> {
  /** Translation keys: `<prefix>.SORT`, `.ASCENDING`, `.DESCENDING`, `.PAGE_SIZE`. */
  textsOf: 'EMPLOYEES' | 'LOCATIONS';
  /** Each field in both directions; `value` is `<field>-<direction>`. */
  options: readonly { field: F; direction: Direction; value: string }[];
  /** Translation key of each field's name. */
  fieldTexts: Record<F, string>;
  view: SortedView<F>;
  /** A new order or page size starts again on page 1. */
  onChange: (changes: Partial<SortedView<F>> & { page: 1 }) => void;
}

/** How a list is sorted (field and direction in one choice) and how many fit on a page. */
export function ListSort<F extends string>(props: ListSortProps<F>) {
  const { textsOf, options, fieldTexts, view, onChange } = props;
  const { t } = useTranslation();
  const sortOptions = options.map(({ field, direction, value }) => ({
    value,
    label: t(`${textsOf}.${direction === 'asc' ? 'ASCENDING' : 'DESCENDING'}`, {
      field: t(fieldTexts[field]),
    }),
  }));

  return (
    <>
      <NativeSelect
        label={t(`${textsOf}.SORT`)}
        data={sortOptions}
        value={`${view.sort}-${view.direction}`}
        onChange={(event) => {
          const chosen = options.find((option) => option.value === event.currentTarget.value);
          if (chosen) onChange({ sort: chosen.field, direction: chosen.direction, page: 1 });
        }}
      />
      <NativeSelect
        label={t(`${textsOf}.PAGE_SIZE`)}
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
