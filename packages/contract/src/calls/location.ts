import { z } from 'zod';
import { defineCall } from '../call.ts';
import { IdSchema } from '../customer.ts';
import {
  LocationCreateSchema,
  LocationSchema,
  LocationsQuerySchema,
  LocationsSchema,
  LocationUpdateSchema,
} from '../location.ts';

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

export const locationGetLocationById = defineCall({
  method: 'GET',
  path: '/Location/GetLocationById',
  tag: 'Location',
  summary: 'One location of a practice the caller is connected to',
  access: { practice: { from: 'query.locationId', target: 'location', role: 'member' } },
  querystring: z.strictObject({ locationId: IdSchema }),
  response: LocationSchema,
});

export const locationCreateLocation = defineCall({
  method: 'POST',
  path: '/Location/CreateLocation',
  tag: 'Location',
  summary:
    'Adds a location to the practice (admins); an empty phone number or invoice e-mail is stored as null',
  access: { practice: { from: 'body.companyId', role: 'admin' } },
  body: LocationCreateSchema,
  response: LocationSchema,
  successStatus: 201,
});

export const locationUpdateLocation = defineCall({
  method: 'PATCH',
  path: '/Location/UpdateLocation',
  tag: 'Location',
  summary: 'Changes a location (admins of its practice); it never moves to another practice',
  access: { practice: { from: 'body.locationId', target: 'location', role: 'admin' } },
  body: LocationUpdateSchema,
  response: LocationSchema,
});
