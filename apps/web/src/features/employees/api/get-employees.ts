import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { calls } from '@pp/contract';
import { useApiClient } from '../../../lib/api/api-context.ts';
import { useLoadFailureToast } from '../../../lib/toasts/toast-context.ts';
import type { EmployeesView } from '../employees-view.ts';

/** Every list and every person start with this, so one invalidation reaches them all. */
export const employeesQueryPrefix = ['Employee'] as const;

/**
 * A page of the practice's people (`Employee/GetEmployees`); the list keeps the previous page
 * while the next one loads. A failed load shows `MESSAGES.GET_ERROR` once.
 */
export function useEmployees(companyId: string, view: EmployeesView) {
  const client = useApiClient();
  const loadFailed = useLoadFailureToast();
  const { search, status, ...paging } = view;
  const query = {
    companyId,
    ...paging,
    ...(search ? { search } : {}),
    ...(status ? { status } : {}),
  };
  return useQuery({
    queryKey: [...employeesQueryPrefix, 'GetEmployees', query],
    queryFn: async ({ signal }) => {
      try {
        return await client.call(calls.employeeGetEmployees, { query, signal });
      } catch (error) {
        if (!signal.aborted) loadFailed();
        throw error;
      }
    },
    placeholderData: keepPreviousData,
    retry: false,
  });
}
