import { ROUTES } from '@pp/contract';

/** The query parameter that names the location `/…/information-location` shows. */
export const LOCATION_ID_PARAM = 'locationId';

/** The information page of one location: the id in the URL survives a reload or a shared link. */
export const locationInformationLink = (locationId: string) =>
  `${ROUTES.locationInformation}?${new URLSearchParams({ [LOCATION_ID_PARAM]: locationId })}`;
