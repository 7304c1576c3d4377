import { useMutation, useQueryClient } from '@tanstack/react-query';
import { calls } from '@pp/contract';
import { useApiClient, type ApiClient } from '../../../lib/api/api-context.ts';
import { customerDataQueryKey } from '../../../lib/ui-state/api/get-customer-data.ts';
import { companyQueryKey } from './get-company.ts';

export function enableCompany(client: ApiClient, companyId: string) {
  return client.call(calls.companyEnableCompany, { query: { companyId } });
}

/**
 * `Company/EnableCompany` (our own call, docs/product.md §4): the superadmin enables a disabled
 * practice again. Resolves once the customer is read again.
 */
export function useEnableCompany() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (companyId: string) => enableCompany(client, companyId),
    onSuccess: async (company) => {
      queryClient.setQueryData(companyQueryKey(company.companyId), company);
      await queryClient.invalidateQueries({ queryKey: customerDataQueryKey });
    },
  });
}
