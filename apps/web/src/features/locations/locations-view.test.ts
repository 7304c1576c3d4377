import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCATIONS_VIEW } from '../../lib/ui-state/api/get-locations.ts';
import { LocationsViewSchema, locationsViewParams, readLocationsView } from './locations-view.ts';

const read = (query: string) => readLocationsView(new URLSearchParams(query));

describe('the list’s view in the URL', () => {
  it('starts from the defaults the api applies (the shell writes them out, decision 0091)', () => {
    expect(DEFAULT_LOCATIONS_VIEW).toEqual(LocationsViewSchema.parse({}));
  });

  it('reads search, sort, direction, page and page size', () => {
    expect(read('search=+Mitte+&sort=city&direction=desc&page=3&pageSize=50')).toEqual({
      search: 'Mitte',
      sort: 'city',
      direction: 'desc',
      page: 3,
      pageSize: 50,
    });
  });

  it('falls back to the defaults for values the api would refuse', () => {
    expect(read('sort=street&direction=up&page=0&pageSize=7')).toEqual(DEFAULT_LOCATIONS_VIEW);
    expect(read('page=2.5').page).toBe(1);
    expect(read(`search=${'x'.repeat(150)}`).search).toHaveLength(100);
  });

  it('writes only what differs from the defaults, so the default view has a plain URL', () => {
    expect(locationsViewParams(DEFAULT_LOCATIONS_VIEW).toString()).toBe('');
    expect(
      locationsViewParams({ ...DEFAULT_LOCATIONS_VIEW, search: 'Süd', page: 2 }).toString(),
    ).toBe('search=S%C3%BCd&page=2');
  });
});
