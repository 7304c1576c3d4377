import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { calls, ROUTES } from '@pp/contract';
import { ExportButton } from '../../../components/lists/export-button.tsx';
import { ListPager } from '../../../components/lists/list-pager.tsx';
import { ListSearch } from '../../../components/lists/list-search.tsx';
import type { LocationsView } from '../../../lib/ui-state/api/get-locations.ts';
import { useActiveLocations } from '../../../lib/ui-state/use-active-locations.ts';
import { useActiveCompany, useCustomer } from '../../../lib/ui-state/use-customer.ts';
import { locationsViewParams, readLocationsView } from '../locations-view.ts';
import { LocationCard } from './location-card.tsx';
import { LocationsSort } from './locations-sort.tsx';
import './locations-overview.css';

/**
 * The active practice's locations, a page at a time, searched and sorted by the api; the
 * user's own are marked. The view lives in the URL; the default view is the page the shell
 * loaded at startup.
 */
export function LocationsOverview({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const view = readLocationsView(params);
  const locations = useActiveLocations(view, { keepPrevious: true });
  const data = locations.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const list = useRef<HTMLDivElement>(null);
  const parentId = useActiveCompany()?.companyId;
  const contactId = useCustomer()?.customerId;
  const { page: _page, pageSize: _size, ...filter } = view;
  const ownIds = new Set(data?.associatedLocationListObjectVms.map((own) => own.locationId));

  const show = (changes: Partial<LocationsView>) =>
    setParams(locationsViewParams({ ...view, ...changes }), { preventScrollReset: true });

  // A page past the end (fewer locations now, or another practice) shows the last one.
  const pastTheEnd = data !== undefined && data.total > 0 && view.page > pageCount;
  useEffect(() => {
    if (pastTheEnd) setParams(locationsViewParams({ ...view, page: pageCount }), { replace: true });
  });

  return (
    <>
      <div className="locations-toolbar">
        <ListSearch
          textsOf="LOCATIONS"
          search={view.search ?? ''}
          onSearch={(search) => show({ search, page: 1 })}
        />
        <LocationsSort view={view} onChange={show} />
      </div>
      <Group justify="space-between" mb="md" wrap="wrap">
        <Text aria-live="polite">
          {data && t(view.search ? 'LOCATIONS.FOUND' : 'LOCATIONS.COUNT', { total: data.total })}
        </Text>
        <Group>
          {parentId && contactId && (
            <ExportButton
              call={calls.locationExportLocations}
              query={{ parentId, contactId, ...filter }}
            />
          )}
          {isAdmin && (
            <Button component={Link} to={ROUTES.locationAdd}>
              {t('LOCATIONS.ADD')}
            </Button>
          )}
        </Group>
      </Group>
      {data && data.associatedLocationListObjectVms.length > 0 && (
        <Text mb="md">
          {t('LOCATIONS.OWN_SUMMARY', {
            names: data.associatedLocationListObjectVms.map((own) => own.name).join(', '),
          })}
        </Text>
      )}
      {locations.isError && (
        <Alert role="alert" color="red" variant="outline" mb="lg">
          {t('MESSAGES.GET_ERROR')}{' '}
          <Button variant="subtle" size="compact-sm" onClick={() => void locations.refetch()}>
            {t('ACTIONS.RETRY')}
          </Button>
        </Alert>
      )}
      {data?.total === 0 && (
        <Text mb="xl">
          {view.search ? t('LOCATIONS.NONE_FOUND', { search: view.search }) : t('LOCATIONS.NONE')}{' '}
          {view.search && (
            <Button
              variant="subtle"
              size="compact-md"
              onClick={() => show({ search: undefined, page: 1 })}
            >
              {t('LOCATIONS.SHOW_ALL')}
            </Button>
          )}
        </Text>
      )}
      {data && data.locationListObjectVms.length > 0 && (
        <Stack
          ref={list}
          component="ul"
          tabIndex={-1}
          aria-label={t('LOCATIONS.LIST')}
          gap="sm"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
        >
          {data.locationListObjectVms.map((location) => (
            <LocationCard
              key={location.locationId}
              location={location}
              own={ownIds.has(location.locationId)}
              linked={isAdmin}
            />
          ))}
        </Stack>
      )}
      <ListPager
        list={list}
        label={t('LOCATIONS.PAGES')}
        page={view.page}
        pageCount={pageCount}
        onPage={(page) => show({ page })}
      />
    </>
  );
}
