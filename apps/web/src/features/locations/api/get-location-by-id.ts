import { queryOptions, useQuery } from '@tanstack/react-query';
import { calls } from '@pp/contract';
import { useApiClient, type ApiClient } from '../../../lib/api/api-context.ts';
import { useLoadFailureToast } from '../../../lib/toasts/toast-context.ts';

export const locationQueryKey = (locationId: string) =>
  ['Location/GetLocationById', locationId] as const;

export function getLocationById(client: ApiClient, locationId: string) {
  return client.call(calls.locationGetLocationById, { query: { locationId } });
}

/** `onFailure` runs once per failed load (not per component that shows it). */
export function locationQueryOptions(client: ApiClient, locationId: string, onFailure: () => void) {
  return queryOptions({
    queryKey: locationQueryKey(locationId),
    queryFn: async () => {
      try {
        return await getLocationById(client, locationId);
      } catch (error) {
        onFailure();
        throw error;
      }
    },
    retry: false,
  });
}

/** One location; a failed load shows `MESSAGES.GET_ERROR` (docs/specification.md §8). */
export function useLocationById(locationId: string) {
  return useQuery(locationQueryOptions(useApiClient(), locationId, useLoadFailureToast()));
}
