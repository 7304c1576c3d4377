import { calls } from '@pp/contract';
import { locationById, toLocation } from '../../lib/locations/location.ts';
import { defineRoute } from '../../routing/route.ts';

export default defineRoute(calls.locationGetLocationById, async (request) =>
  toLocation(await locationById(request.server.db, request.query.locationId)),
);
