import { queryOptions, skipToken } from '@tanstack/react-query';
import type { z } from 'zod';
import { calls, LocationsQuerySchema } from '@pp/contract';
import type { ApiClient } from '../../api/api-context.ts';

/** The list options of `Location/GetLocations` (paging, sorting and search, all server-side). */
export const LocationsViewSchema = LocationsQuerySchema.omit({ parentId: true, contactId: true });

/** What a page of locations shows. */
export type LocationsView = z.output<typeof LocationsViewSchema>;

/** The first page as the api sorts it by default; the shell loads this one for every practice. */
export const DEFAULT_LOCATIONS_VIEW: LocationsView = LocationsViewSchema.parse({});

export interface LocationsRequest extends LocationsView {
  /** The practice (`parentId` in the specification). */
  parentId: string;
  /** Whose assigned locations are marked: the signed-in customer. */
  contactId: string;
}

/** Every page of every practice starts with this, so one invalidation reaches them all. */
export const locationsQueryPrefix = ['Location/GetLocations'] as const;

export const locationsQueryKey = (request: LocationsRequest) =>
  [...locationsQueryPrefix, request] as const;

export function getLocations(client: ApiClient, request: LocationsRequest, signal?: AbortSignal) {
  const { search, ...query } = request;
  return client.call(calls.locationGetLocations, {
    query: { ...query, ...(search ? { search } : {}) },
    ...(signal ? { signal } : {}),
  });
}

/**
 * A page of the practice's locations, kept a minute before it is read again. Without a
 * request (no active practice) nothing is loaded. `onFailure` runs once per failed load.
 */
export function locationsQueryOptions(
  client: ApiClient,
  request: LocationsRequest | undefined,
  onFailure: () => void,
) {
  return queryOptions({
    queryKey: request ? locationsQueryKey(request) : [...locationsQueryPrefix, 'none'],
    queryFn: request
      ? async ({ signal }) => {
          try {
            return await getLocations(client, request, signal);
          } catch (error) {
            if (!signal.aborted) onFailure();
            throw error;
          }
        }
      : skipToken,
    staleTime: 60_000,
    retry: false,
  });
}
