import { useMutation, useQueryClient } from '@tanstack/react-query';
import { calls, type PreferencesUpdate } from '@pp/contract';
import { useApiClient, type ApiClient } from '../../../lib/api/api-context.ts';
import { currentPreferencesQueryKey } from './get-current-preferences.ts';

export function updatePreferences(client: ApiClient, body: PreferencesUpdate) {
  return client.call(calls.preferencesUpdatePreferences, { body });
}

/** Saves the newsletter choice; the answer (with the new consent record) replaces the cached one. */
export function useUpdatePreferences() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PreferencesUpdate) => updatePreferences(client, body),
    onSuccess: (saved) => queryClient.setQueryData(currentPreferencesQueryKey, saved),
  });
}
