import { useMutation, useQueryClient } from '@tanstack/react-query';
import { calls, type LocationCreate } from '@pp/contract';
import { useApiClient, type ApiClient } from '../../../lib/api/api-context.ts';
import { locationsQueryPrefix } from '../../../lib/ui-state/api/get-locations.ts';
import { locationQueryKey } from './get-location-by-id.ts';

export function createLocation(client: ApiClient, body: LocationCreate) {
  return client.call(calls.locationCreateLocation, { body });
}

/** Adds a location to a practice (admins); every list of locations is read again. */
export function useCreateLocation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LocationCreate) => createLocation(client, body),
    onSuccess: (created) => {
      queryClient.setQueryData(locationQueryKey(created.locationId), created);
      void queryClient.invalidateQueries({ queryKey: locationsQueryPrefix });
    },
  });
}
