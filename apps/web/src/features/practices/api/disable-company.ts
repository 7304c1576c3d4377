import { useMutation, useQueryClient } from '@tanstack/react-query';
import { calls, type Company as PracticeDetails } from '@pp/contract';
import { useApiClient, type ApiClient } from '../../../lib/api/api-context.ts';
import { customerDataQueryKey } from '../../../lib/ui-state/api/get-customer-data.ts';
import { companyQueryKey } from './get-company.ts';

export function disableCompany(client: ApiClient, companyId: string) {
  return client.call(calls.companyDisableCompany, { query: { companyId } });
}

/**
 * Disables a practice (its superadmin): it stays readable and keeps its data. `onDisabled`
 * runs before the customer is read again: the screen leaves the admin page while the user
 * (maybe no admin anywhere now) may still see it, instead of being turned away from it.
 */
export function useDisableCompany(onDisabled: (company: PracticeDetails) => void) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (companyId: string) => disableCompany(client, companyId),
    onSuccess: async (company) => {
      queryClient.setQueryData(companyQueryKey(company.companyId), company);
      onDisabled(company);
      await queryClient.invalidateQueries({ queryKey: customerDataQueryKey });
    },
  });
}
