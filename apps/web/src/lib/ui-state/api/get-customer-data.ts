import { queryOptions, useQuery } from '@tanstack/react-query';
import { calls, type Customer } from '@pp/contract';
import { useApiClient, type ApiClient } from '../../api/api-context.ts';

export const customerDataQueryKey = ['Customer/GetCustomerData'] as const;

export function getCustomerData(client: ApiClient) {
  return client.call(calls.customerGetCustomerData);
}

export function customerDataQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: customerDataQueryKey,
    queryFn: () => getCustomerData(client),
    staleTime: Infinity,
    retry: false,
  });
}

/**
 * The startup makes the first load (its order and its error toasts are the specification's):
 * a screen never starts it, nor retries a failed one, but refetches once it is invalidated.
 */
const loadedByStartup = (query: { state: { data: unknown } }) => query.state.data !== undefined;

/** The customer from the query cache, or the part of it `select` picks. */
export function useCustomerData<T = Customer>(select?: (customer: Customer) => T) {
  return useQuery<Customer, Error, T, typeof customerDataQueryKey>({
    ...customerDataQueryOptions(useApiClient()),
    enabled: loadedByStartup,
    select,
  });
}
