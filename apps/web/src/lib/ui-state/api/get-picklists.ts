import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { calls } from '@pp/contract';
import { useApiClient, type ApiClient } from '../../api/api-context.ts';

/** Labels come in the interface language, so each language has its own entry. */
export const picklistsQueryKey = (language: string) => ['Customer/GetPicklists', language] as const;

export function getPicklists(client: ApiClient) {
  return client.call(calls.customerGetPicklists);
}

export function picklistsQueryOptions(client: ApiClient, language: string) {
  return queryOptions({
    queryKey: picklistsQueryKey(language),
    queryFn: () => getPicklists(client),
    staleTime: Infinity,
    retry: false,
  });
}

/**
 * The picklists in the interface language. After a switch of the language the previous labels
 * stay until the new ones arrive, so a form that shows them keeps its input meanwhile.
 */
export function usePicklists() {
  const { i18n } = useTranslation();
  return useQuery({
    ...picklistsQueryOptions(useApiClient(), i18n.resolvedLanguage ?? i18n.language),
    placeholderData: keepPreviousData,
  });
}
