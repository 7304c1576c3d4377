import '@mantine/core/styles/Pagination.css';
import { Group, Pagination, Text } from '@mantine/core';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';

interface ListPagerProps {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
  /** The name of the pager's landmark: which list it pages through. */
  label: string;
  /**
   * The list it pages through (with `tabIndex={-1}`): it takes the focus after a change of page,
   * which would otherwise fall to the page's body when the pressed control leaves or is disabled.
   * The list keeps the previous page while the next one loads, so it is there to take it.
   */
  list: RefObject<HTMLElement | null>;
}

/**
 * Where the user is in a list and the pages to go to (previous, next or any one); nothing when
 * the list fits on one page. A new page moves the focus (and the view) to the list's start.
 */
export function ListPager({ page, pageCount, onPage, label, list }: ListPagerProps) {
  const { t } = useTranslation();
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label}>
      <Group justify="space-between" mt="md" mb="xl" wrap="wrap">
        <Text>{t('LIST_PAGER.PAGE_OF', { page, pageCount })}</Text>
        <Pagination
          total={pageCount}
          value={page}
          onChange={(next) => {
            onPage(next);
            list.current?.focus();
          }}
          getControlProps={(control) => ({
            'aria-label': t(control === 'previous' ? 'LIST_PAGER.PREVIOUS' : 'LIST_PAGER.NEXT'),
          })}
          getItemProps={(item) => ({ 'aria-label': t('LIST_PAGER.PAGE', { page: item }) })}
        />
      </Group>
    </nav>
  );
}
