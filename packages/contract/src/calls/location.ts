// The list of locations, which the app loads at startup (the first screen carries this file);
// one location's reading and changes are in `location-edit.ts`, loaded with their screens.
import { defineCall } from '../call.ts';
import { LocationsQuerySchema, LocationsSchema } from '../location.ts';

export const locationGetLocations = defineCall({
  method: 'GET',
  path: '/Location/GetLocations',
  tag: 'Location',
  summary:
    "One page of the practice's locations, and the locations the contact is assigned to (the caller; anyone for an admin)",
  // A member marks their own assignments (`contactId`); an admin anyone's.
  access: { practice: { from: 'query.parentId', role: 'admin', orSelf: 'query.contactId' } },
  querystring: LocationsQuerySchema,
  response: LocationsSchema,
});
