import { useMutation, useQueryClient } from '@tanstack/react-query';
import { calls, type BulkEmployeeAction } from '@pp/contract';
import { useApiClient } from '../../../lib/api/api-context.ts';
import { employeesQueryPrefix } from './get-employees.ts';

/** Resends, withdraws, disables or enables several people; the lists are read again. */
export function useBulkEmployeeAction() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkEmployeeAction) => client.call(calls.employeeApplyBulkAction, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: employeesQueryPrefix }),
  });
}
