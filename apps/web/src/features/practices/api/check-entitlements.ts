import { queryOptions, useQuery } from '@tanstack/react-query';
import { calls } from '@pp/contract';
import { useApiClient, type ApiClient } from '../../../lib/api/api-context.ts';
import { useLoadFailureToast } from '../../../lib/toasts/toast-context.ts';

export const entitlementsQueryKey = (companyId: string) =>
  ['Company/CheckEntitlements', companyId] as const;

export function checkEntitlements(client: ApiClient, companyId: string) {
  return client.call(calls.companyCheckEntitlements, { query: { companyId } });
}

export function entitlementsQueryOptions(
  client: ApiClient,
  companyId: string,
  onFailure: () => void,
) {
  return queryOptions({
    queryKey: entitlementsQueryKey(companyId),
    queryFn: async () => {
      try {
        return await checkEntitlements(client, companyId);
      } catch (error) {
        onFailure();
        throw error;
      }
    },
    retry: false,
  });
}

/** The practice's products and contracts, maintained by the provider; a failed load shows GET_ERROR. */
export function useEntitlements(companyId: string) {
  return useQuery(entitlementsQueryOptions(useApiClient(), companyId, useLoadFailureToast()));
}
