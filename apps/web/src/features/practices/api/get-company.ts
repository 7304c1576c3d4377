import { queryOptions, useQuery } from '@tanstack/react-query';
import { calls } from '@pp/contract';
import { useApiClient, type ApiClient } from '../../../lib/api/api-context.ts';
import { useLoadFailureToast } from '../../../lib/toasts/toast-context.ts';

export const companyQueryKey = (companyId: string) => ['Company/GetCompany', companyId] as const;

export function getCompany(client: ApiClient, companyId: string) {
  return client.call(calls.companyGetCompany, { query: { companyId } });
}

/** `onFailure` runs once per failed load (not per component that shows it). */
export function companyQueryOptions(client: ApiClient, companyId: string, onFailure: () => void) {
  return queryOptions({
    queryKey: companyQueryKey(companyId),
    queryFn: async () => {
      try {
        return await getCompany(client, companyId);
      } catch (error) {
        onFailure();
        throw error;
      }
    },
    retry: false,
  });
}

/** A practice with all its data (address, contact, status); a failed load shows GET_ERROR. */
export function useCompany(companyId: string) {
  return useQuery(companyQueryOptions(useApiClient(), companyId, useLoadFailureToast()));
}
