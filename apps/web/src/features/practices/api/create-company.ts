import { useMutation, useQueryClient } from '@tanstack/react-query';
import { calls, type CompanyCreate } from '@pp/contract';
import { useApiClient, type ApiClient } from '../../../lib/api/api-context.ts';
import { customerDataQueryKey } from '../../../lib/ui-state/api/get-customer-data.ts';

export function createCompany(client: ApiClient, body: CompanyCreate) {
  return client.call(calls.companyCreateCompany, { body });
}

/**
 * Creates a practice (the caller becomes its superadmin). Resolves once the customer, with the
 * new membership, is loaded again, so the new practice can be made the active one.
 */
export function useCreateCompany() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CompanyCreate) => createCompany(client, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerDataQueryKey }),
  });
}
