import { queryOptions, useQuery } from '@tanstack/react-query';
import { calls } from '@pp/contract';
import { useApiClient, type ApiClient } from '../../../lib/api/api-context.ts';
import { useToasts } from '../../../lib/toasts/toast-context.ts';
import { TOAST_MESSAGES } from '../../../lib/toasts/toast-store.ts';

export const currentPreferencesQueryKey = ['Preferences/GetCurrentPreferences'] as const;

export function getCurrentPreferences(client: ApiClient) {
  return client.call(calls.preferencesGetCurrentPreferences);
}

/** `onFailure` runs once per failed load (not per component that shows it). */
export function currentPreferencesQueryOptions(client: ApiClient, onFailure: () => void) {
  return queryOptions({
    queryKey: currentPreferencesQueryKey,
    queryFn: async () => {
      try {
        return await getCurrentPreferences(client);
      } catch (error) {
        onFailure();
        throw error;
      }
    },
    retry: false,
  });
}

/** The customer's newsletter preferences; a failed load shows `MESSAGES.GET_ERROR`. */
export function useCurrentPreferences() {
  const toasts = useToasts();
  return useQuery(
    currentPreferencesQueryOptions(useApiClient(), () => toasts.show(TOAST_MESSAGES.GET_ERROR)),
  );
}
