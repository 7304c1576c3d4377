// One location: read, added, changed. Apart from `location.ts`, whose list the app loads at
// startup, so that these declarations load with the location screens and not the first screen.
import { z } from 'zod';
import { defineCall } from '../call.ts';
import { IdSchema } from '../customer.ts';
import { LocationCreateSchema, LocationSchema, LocationUpdateSchema } from '../location.ts';

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
