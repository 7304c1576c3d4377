import { queryOptions, useQuery } from '@tanstack/react-query';
import { calls, PROHIBITED_ALIAS_FALLBACK } from '@pp/contract';
import { useApiClient, type ApiClient } from '../../api/api-context.ts';

export const prohibitedAliasesQueryKey = ['Utility/EmailProhibitedAlias'] as const;

/** The prohibited aliases; when they cannot be loaded, the specification's fallback `["info"]`. */
export async function getEmailProhibitedAliases(client: ApiClient): Promise<string[]> {
  try {
    return await client.call(calls.utilityEmailProhibitedAlias);
  } catch (error) {
    console.error('Prohibited e-mail aliases could not be loaded; using the fallback', error);
    return [...PROHIBITED_ALIAS_FALLBACK];
  }
}

export function prohibitedAliasesQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: prohibitedAliasesQueryKey,
    queryFn: () => getEmailProhibitedAliases(client),
    staleTime: Infinity,
  });
}

export function useProhibitedAliases() {
  return useQuery(prohibitedAliasesQueryOptions(useApiClient()));
}
