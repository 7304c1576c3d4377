import { queryOptions, useQuery } from '@tanstack/react-query';
import { calls } from '@pp/contract';
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

export function useCustomerData() {
  return useQuery(customerDataQueryOptions(useApiClient()));
}
