import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { calls, type ConnectCompanySchema } from '@pp/contract';
import { useApiClient, type ApiClient } from '../../../lib/api/api-context.ts';
import { customerDataQueryKey } from '../../../lib/ui-state/api/get-customer-data.ts';
import { sentRequestsQueryKey } from './sent-requests.ts';

export type ConnectCompany = z.input<typeof ConnectCompanySchema>;

export function connectExistingCompany(client: ApiClient, body: ConnectCompany) {
  return client.call(calls.companyConnectExistingCompany, { body });
}

/**
 * Asks to join a practice by customer number and postal code. The answer is the same whether
 * or not they match; the sent requests are read again, so the new one shows as typed.
 */
export function useConnectExistingCompany() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConnectCompany) => connectExistingCompany(client, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: sentRequestsQueryKey });
      await queryClient.invalidateQueries({ queryKey: customerDataQueryKey });
    },
  });
}
