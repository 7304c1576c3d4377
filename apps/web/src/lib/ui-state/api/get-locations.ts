import { queryOptions, skipToken } from '@tanstack/react-query';
import { calls, type LocationsQuerySchema } from '@pp/contract';
import type { z } from 'zod';
import type { ApiClient } from '../../api/api-context.ts';

/** What a page of locations shows: the list options of `Location/GetLocations`. */
export type LocationsView = Omit<z.output<typeof LocationsQuerySchema>, 'parentId' | 'contactId'>;

/**
 * The first page as the api sorts it by default; the shell loads this one for every practice.
 * Written out rather than parsed from the contract's schema, so the first screen needs no zod
 * (decision 0091); a test holds it equal to what the schema's defaults give.
 */
export const DEFAULT_LOCATIONS_VIEW: LocationsView = {
  page: 1,
  pageSize: 25,
  sort: 'name',
  direction: 'asc',
};

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
