import { ListSort } from '../../../components/lists/list-sort.tsx';
import type { LocationsView } from '../../../lib/ui-state/api/get-locations.ts';
import { SORT_OPTIONS } from '../locations-view.ts';

const SORT_TEXTS = {
  name: 'LOCATIONS.SORT_NAME',
  city: 'LOCATIONS.SORT_CITY',
  postalCode: 'LOCATIONS.SORT_POSTAL_CODE',
} as const;

/** How the list of locations is sorted and how many fit on a page. */
export function LocationsSort(props: {
  view: LocationsView;
  onChange: (changes: Partial<LocationsView>) => void;
}) {
  return <ListSort textsOf="LOCATIONS" options={SORT_OPTIONS} fieldTexts={SORT_TEXTS} {...props} />;
}
