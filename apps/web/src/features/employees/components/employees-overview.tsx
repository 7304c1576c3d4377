import { Alert, Button, Group, Text } from '@mantine/core';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { calls, ROUTES, type Employee } from '@pp/contract';
import { ExportButton } from '../../../components/lists/export-button.tsx';
import { ListPager } from '../../../components/lists/list-pager.tsx';
import { ListSearch } from '../../../components/lists/list-search.tsx';
import { useEmployees } from '../api/get-employees.ts';
import { allowedActions, type Viewer } from '../employee-permissions.ts';
import { employeeName } from '../employee-name.ts';
import { employeesViewParams, readEmployeesView, type EmployeesView } from '../employees-view.ts';
import { BulkActionsBar, type Selection } from './bulk-actions-bar.tsx';
import { EmployeesFilters } from './employees-filters.tsx';
import { useAllMatching } from './use-all-matching.ts';
import { EmployeesTable } from './employees-table.tsx';
import './employees-overview.css';

/** The list as on screen, without paging: what the export takes. */
const exportQuery = (
  companyId: string,
  { page: _page, pageSize: _size, ...view }: EmployeesView,
) => ({
  companyId,
  ...view,
});

interface EmployeesOverviewProps {
  companyId: string;
  viewer: Viewer;
}

/**
 * The practice's people a page at a time, searched, filtered and sorted by the api, with what
 * the viewer may do with each. The view lives in the URL.
 */
export function EmployeesOverview({ companyId, viewer }: EmployeesOverviewProps) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const view = readEmployeesView(params);
  const employees = useEmployees(companyId, view);
  // A new page's rows are rendered in the background, in slices the browser can paint between:
  // rendered at once, 25 rows with their menus held the main thread for a long task on a phone
  // (issue 28). Until then the previous page stays, as it does while the page loads.
  const data = useDeferredValue(employees.data);
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const narrowed = Boolean(view.search || view.status);
  const table = useRef<HTMLTableElement>(null);
  const [selection, setSelection] = useState<Selection>(new Map());
  const allMatching = useAllMatching(companyId, view);
  // Stable, so that the table (memoized) is not rendered again for a change of the view alone.
  const selectable = useCallback(
    (employee: Employee) => allowedActions(viewer, employee).length > 0,
    [viewer],
  );
  const select = useCallback(
    (people: Employee[], on: boolean) =>
      setSelection((before) => {
        const next = new Map(before);
        for (const person of people) {
          if (on) next.set(person.customerId, employeeName(t, person));
          else next.delete(person.customerId);
        }
        return next;
      }),
    [t],
  );
  const selected = useMemo(() => new Set(selection.keys()), [selection]);
  const selectAllMatching = async () =>
    select((await allMatching.fetch()).filter(selectable), true);

  // Another filter, another set of people: the choice starts again.
  const show = (changes: Partial<EmployeesView>) => {
    // Kept when nothing is chosen: a new map would render the list again for nothing.
    if (changes.search !== undefined || 'status' in changes) {
      setSelection((before) => (before.size > 0 ? new Map() : before));
    }
    setParams(employeesViewParams({ ...view, ...changes }), { preventScrollReset: true });
  };

  // A page past the end (fewer people now, or another practice) shows the last one.
  const pastTheEnd = data !== undefined && data.total > 0 && view.page > pageCount;
  useEffect(() => {
    if (pastTheEnd) setParams(employeesViewParams({ ...view, page: pageCount }), { replace: true });
  });

  return (
    <>
      <div className="employees-toolbar">
        <ListSearch
          textsOf="EMPLOYEES"
          search={view.search ?? ''}
          onSearch={(search) => show({ search, page: 1 })}
        />
        <EmployeesFilters view={view} onChange={show} />
      </div>
      <Group justify="space-between" mb="md" wrap="wrap">
        <Text aria-live="polite">
          {data && t(narrowed ? 'EMPLOYEES.FOUND' : 'EMPLOYEES.COUNT', { total: data.total })}
        </Text>
        <Group>
          <ExportButton call={calls.employeeExportEmployees} query={exportQuery(companyId, view)} />
          <Button component={Link} to={ROUTES.employeeAdd}>
            {t('EMPLOYEES.INVITE')}
          </Button>
        </Group>
      </Group>
      <BulkActionsBar
        companyId={companyId}
        selection={selection}
        selectingAll={allMatching.pending}
        onSelectAllMatching={
          data && data.total > data.employees.length ? () => void selectAllMatching() : undefined
        }
        onClear={() => setSelection(new Map())}
      />
      {employees.isError && (
        <Alert role="alert" color="red" variant="outline" mb="lg">
          {t('MESSAGES.GET_ERROR')}{' '}
          <Button variant="subtle" size="compact-sm" onClick={() => void employees.refetch()}>
            {t('ACTIONS.RETRY')}
          </Button>
        </Alert>
      )}
      {data?.total === 0 && (
        <Text mb="xl">
          {narrowed ? t('EMPLOYEES.NONE_FOUND') : t('EMPLOYEES.NONE')}{' '}
          {narrowed && (
            <Button
              variant="subtle"
              size="compact-md"
              onClick={() => show({ search: undefined, status: undefined, page: 1 })}
            >
              {t('EMPLOYEES.SHOW_ALL')}
            </Button>
          )}
        </Text>
      )}
      {data && data.employees.length > 0 && (
        <EmployeesTable
          ref={table}
          companyId={companyId}
          employees={data.employees}
          viewer={viewer}
          selected={selected}
          selectable={selectable}
          onSelect={select}
        />
      )}
      <ListPager
        list={table}
        label={t('EMPLOYEES.PAGES')}
        page={view.page}
        pageCount={pageCount}
        onPage={(page) => show({ page })}
      />
    </>
  );
}
