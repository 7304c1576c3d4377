import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { calls } from '@pp/contract';
import { useApiClient } from '../../../lib/api/api-context.ts';
import { useToasts } from '../../../lib/toasts/toast-context.ts';
import { TOAST_MESSAGES } from '../../../lib/toasts/toast-store.ts';
import { customerDataQueryKey } from '../../../lib/ui-state/api/get-customer-data.ts';

export const sentRequestsQueryKey = ['Company/GetSentRequests'] as const;

/**
 * The user's requests to join that no admin approved yet, only as they typed them (decision
 * 0052); a failed load: GET_ERROR.
 */
export function useSentRequests() {
  const client = useApiClient();
  const toasts = useToasts();
  return useQuery({
    queryKey: sentRequestsQueryKey,
    queryFn: async () => {
      try {
        return await client.call(calls.companyGetSentRequests);
      } catch (error) {
        toasts.show(TOAST_MESSAGES.GET_ERROR);
        throw error;
      }
    },
    retry: false,
  });
}

/** Withdraws one request; then the requests and the user's practices are read again. */
export function useWithdrawSentRequest() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requestId: string) =>
      client.call(calls.companyWithdrawSentRequest, { body: { requestId } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: sentRequestsQueryKey });
      await queryClient.invalidateQueries({ queryKey: customerDataQueryKey });
    },
  });
}
