import { useMutation } from '@tanstack/react-query';
import { calls } from '@pp/contract';
import { useApiClient } from '../../../lib/api/api-context.ts';

/** Everything the portal holds about the caller (decision 0079): a few a day, each audited. */
export function useExportPersonalData() {
  const client = useApiClient();
  return useMutation({ mutationFn: () => client.call(calls.customerExportPersonalData) });
}
