import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { calls, type CustomerNotices } from '@pp/contract';
import { useApiClient, type ApiClient } from '../../../lib/api/api-context.ts';

export const noticesQueryKey = ['Customer/GetNotices'] as const;

export function getNotices(client: ApiClient) {
  return client.call(calls.customerGetNotices);
}

export function dismissNotices(client: ApiClient) {
  return client.call(calls.customerDismissNotices);
}

/**
 * The caller's notices of changes where the CRM kept its own value (decision 0061), loaded
 * each time the profile opens: they arise after a save, once the CRM has answered. A failed
 * load shows nothing and no toast; the notice waits for the next visit.
 */
export function useNotices() {
  const client = useApiClient();
  return useQuery({ queryKey: noticesQueryKey, queryFn: () => getNotices(client) });
}

/**
 * Dismisses all of the caller's notices. They go away at once, since the person has read them;
 * should the dismissal fail, they show again on the next visit, which does no harm.
 */
export function useDismissNotices() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => dismissNotices(client),
    onMutate: async () => {
      // A load still under way would bring them back.
      await queryClient.cancelQueries({ queryKey: noticesQueryKey });
      queryClient.setQueryData<CustomerNotices>(noticesQueryKey, { notices: [] });
    },
  });
}
