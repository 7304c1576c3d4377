import { useMutation, useQueryClient } from '@tanstack/react-query';
import { calls } from '@pp/contract';
import { useApiClient, type ApiClient } from '../../../lib/api/api-context.ts';
import { currentPreferencesQueryKey } from './get-current-preferences.ts';

export function resendConfirmation(client: ApiClient) {
  return client.call(calls.preferencesResendConfirmation);
}

/** Sends the confirmation mail again; the answer (with the new expiry) replaces the cached one. */
export function useResendConfirmation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => resendConfirmation(client),
    onSuccess: (saved) => queryClient.setQueryData(currentPreferencesQueryKey, saved),
  });
}
