import { LOCATION_SORT_FIELDS } from '@pp/contract';
import { listView, sortOptions } from '../../lib/lists/list-view.ts';
import { LocationsViewSchema } from '../../lib/ui-state/api/get-locations.ts';

/** The list's search, sort and page in the URL (`?search=mitte&sort=city&page=2`). */
export const LOCATIONS_VIEW = listView(LocationsViewSchema);

export const readLocationsView = LOCATIONS_VIEW.read;
export const locationsViewParams = LOCATIONS_VIEW.params;

export const SORT_OPTIONS = sortOptions(LOCATION_SORT_FIELDS);
