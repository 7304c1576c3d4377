import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../api/api-context.ts';
import { useLoadFailureToast } from '../toasts/toast-context.ts';
import {
  DEFAULT_LOCATIONS_VIEW,
  locationsQueryOptions,
  type LocationsRequest,
  type LocationsView,
} from './api/get-locations.ts';
import { useActiveCompany, useCustomer } from './use-customer.ts';

interface ActiveLocationsOptions {
  /** The shell waits for its startup before the first load (docs/specification.md §4). */
  enabled?: boolean;
  /** A list keeps showing the previous page while the next one loads. */
  keepPrevious?: boolean;
}

/**
 * A page of the active practice's locations (`Location/GetLocations?parentId=<active>&contactId=
 * <customer>`), through the query cache: a switch of the practice loads its own. A failed load
 * shows `MESSAGES.GET_ERROR` (docs/specification.md §8).
 */
export function useActiveLocations(
  view: LocationsView = DEFAULT_LOCATIONS_VIEW,
  { enabled = true, keepPrevious = false }: ActiveLocationsOptions = {},
) {
  const client = useApiClient();
  const loadFailed = useLoadFailureToast();
  const customerId = useCustomer()?.customerId;
  const companyId = useActiveCompany()?.companyId;
  const request: LocationsRequest | undefined =
    customerId && companyId ? { ...view, parentId: companyId, contactId: customerId } : undefined;

  return useQuery({
    ...locationsQueryOptions(client, request, loadFailed),
    enabled: enabled && request !== undefined,
    ...(keepPrevious ? { placeholderData: keepPreviousData } : {}),
  });
}
