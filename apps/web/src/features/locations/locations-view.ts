import { LOCATION_SORT_FIELDS, PAGE_SIZES } from '@pp/contract';
import {
  DEFAULT_LOCATIONS_VIEW,
  type LocationsView,
} from '../../lib/ui-state/api/get-locations.ts';

// The list's search, sort and page live in the URL (`?search=mitte&sort=city&page=2`), so a
// reload, the back button or a shared link show the same page. Values the api would refuse
// fall back to the defaults.

const oneOf = <T extends string | number>(allowed: readonly T[], value: unknown, fallback: T) =>
  allowed.find((candidate) => candidate === value) ?? fallback;

export function readLocationsView(params: URLSearchParams): LocationsView {
  const page = Number(params.get('page'));
  return {
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    pageSize: oneOf(PAGE_SIZES, Number(params.get('pageSize')), DEFAULT_LOCATIONS_VIEW.pageSize),
    sort: oneOf(LOCATION_SORT_FIELDS, params.get('sort'), DEFAULT_LOCATIONS_VIEW.sort),
    direction: params.get('direction') === 'desc' ? 'desc' : 'asc',
    search: (params.get('search') ?? '').trim().slice(0, 100),
  };
}

/** The URL's query for a view: only what differs from the defaults. */
export function locationsViewParams(view: LocationsView): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ['search', 'sort', 'direction', 'page', 'pageSize'] as const) {
    if (view[key] !== DEFAULT_LOCATIONS_VIEW[key]) params.set(key, String(view[key]));
  }
  return params;
}

/** The sort select's entries: a field and a direction in one value (`city-desc`). */
export const SORT_OPTIONS = LOCATION_SORT_FIELDS.flatMap((field) =>
  (['asc', 'desc'] as const).map((direction) => ({
    field,
    direction,
    value: `${field}-${direction}`,
  })),
);
