import { useQuery } from '@tanstack/react-query';
import { calls } from '@pp/contract';
import { useApiClient } from '../../../lib/api/api-context.ts';
import { useLoadFailureToast } from '../../../lib/toasts/toast-context.ts';
import { employeesQueryPrefix } from './get-employees.ts';

export const employeeQueryKey = (companyId: string, customerId: string) =>
  [...employeesQueryPrefix, 'GetEmployee', companyId, customerId] as const;

/** One person of the practice (`Employee/GetEmployee`); a failed load shows GET_ERROR. */
export function useEmployee(companyId: string, customerId: string) {
  const client = useApiClient();
  const loadFailed = useLoadFailureToast();
  return useQuery({
    queryKey: employeeQueryKey(companyId, customerId),
    queryFn: async () => {
      try {
        return await client.call(calls.employeeGetEmployee, { query: { companyId, customerId } });
      } catch (error) {
        loadFailed();
        throw error;
      }
    },
    retry: false,
  });
}
