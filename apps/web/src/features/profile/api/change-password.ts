import { useMutation } from '@tanstack/react-query';
import { calls } from '@pp/contract';
import { useApiClient, type ApiClient } from '../../../lib/api/api-context.ts';

export function changePassword(client: ApiClient) {
  return client.call(calls.customerChangePassword);
}

/** Asks the identity provider to mail a link that sets a new password. */
export function useChangePassword() {
  const client = useApiClient();
  return useMutation({ mutationFn: () => changePassword(client) });
}
