import { useMutation, useQueryClient } from '@tanstack/react-query';
import { calls, type LocationUpdate } from '@pp/contract';
import { useApiClient, type ApiClient } from '../../../lib/api/api-context.ts';
import { locationsQueryPrefix } from '../../../lib/ui-state/api/get-locations.ts';
import { locationQueryKey } from './get-location-by-id.ts';

export function updateLocation(client: ApiClient, body: LocationUpdate) {
  return client.call(calls.locationUpdateLocation, { body });
}

/** Saves a location (admins of its practice); the lists that show it are read again. */
export function useUpdateLocation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LocationUpdate) => updateLocation(client, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(locationQueryKey(saved.locationId), saved);
      void queryClient.invalidateQueries({ queryKey: locationsQueryPrefix });
    },
  });
}
