import { LOCATION_SORT_FIELDS, LocationsQuerySchema } from '@pp/contract';
import { listView, sortOptions } from '../../lib/lists/list-view.ts';

/** The list options of `Location/GetLocations` (paging, sorting and search, all server-side). */
export const LocationsViewSchema = LocationsQuerySchema.omit({ parentId: true, contactId: true });

/** The list's search, sort and page in the URL (`?search=mitte&sort=city&page=2`). */
export const LOCATIONS_VIEW = listView(LocationsViewSchema);

export const readLocationsView = LOCATIONS_VIEW.read;
export const locationsViewParams = LOCATIONS_VIEW.params;

export const SORT_OPTIONS = sortOptions(LOCATION_SORT_FIELDS);
