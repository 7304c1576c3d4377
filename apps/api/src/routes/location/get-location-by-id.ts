import { calls } from '@pp/contract';
import { toLocation } from '../../lib/locations/location.ts';
import { defineRoute } from '../../routing/route.ts';

// The location the authorization read (decision 0053).
export default defineRoute(calls.locationGetLocationById, async (request) =>
  toLocation(request.location),
);
