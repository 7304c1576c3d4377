import { useMutation, useQueryClient } from '@tanstack/react-query';
import { calls, type CustomerUpdate } from '@pp/contract';
import { useApiClient, type ApiClient } from '../../api/api-context.ts';
import { customerDataQueryKey } from './get-customer-data.ts';

export function updateCustomerData(client: ApiClient, body: CustomerUpdate) {
  return client.call(calls.customerUpdateCustomerData, { body });
}

/**
 * Saves the customer's own fields; on success every screen that shows the customer refetches.
 * Saves with the same `scope` run one after another, in the order they were made.
 */
export function useUpdateCustomerData(scope?: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomerUpdate) => updateCustomerData(client, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerDataQueryKey }),
    ...(scope ? { scope: { id: scope } } : {}),
  });
}
