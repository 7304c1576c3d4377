import { useMutation } from '@tanstack/react-query';
import { calls } from '@pp/contract';
import { useApiClient, type ApiClient } from '../../../lib/api/api-context.ts';

export function updateEmail(client: ApiClient, newEmail: string) {
  return client.call(calls.customerUpdateEmail, { query: { newEmail } });
}

/**
 * Asks to change the e-mail address: a confirmation link goes to the new address, and nothing
 * changes until it is opened (on `/verify`), so there is no data to refetch here.
 */
export function useUpdateEmail() {
  const client = useApiClient();
  return useMutation({ mutationFn: (newEmail: string) => updateEmail(client, newEmail) });
}
