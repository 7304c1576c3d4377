import { useMutation, useQueryClient } from '@tanstack/react-query';
import { calls, type CompanyUpdate } from '@pp/contract';
import { useApiClient, type ApiClient } from '../../../lib/api/api-context.ts';
import { customerDataQueryKey } from '../../../lib/ui-state/api/get-customer-data.ts';
import { companyQueryKey } from './get-company.ts';

export function updateCompany(client: ApiClient, body: CompanyUpdate) {
  return client.call(calls.companyUpdateCompany, { body });
}

/** Saves the practice's data; name and place also show in the customer's list of practices. */
export function useUpdateCompany() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CompanyUpdate) => updateCompany(client, body),
    onSuccess: async (saved) => {
      queryClient.setQueryData(companyQueryKey(saved.companyId), saved);
      await queryClient.invalidateQueries({ queryKey: customerDataQueryKey });
    },
  });
}
