import { useMutation, useQueryClient } from '@tanstack/react-query';
import { calls } from '@pp/contract';
import { useApiClient, type ApiClient } from '../../../lib/api/api-context.ts';
import { customerDataQueryKey } from '../../../lib/ui-state/api/get-customer-data.ts';

export function verifyEmail(client: ApiClient, verifyHash: string) {
  return client.call(calls.customerVerifyEmail, { query: { verifyHash } });
}

/** Confirms the e-mail change of a link; every screen then shows the new address. */
export function useVerifyEmail() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (verifyHash: string) => verifyEmail(client, verifyHash),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerDataQueryKey }),
  });
}
