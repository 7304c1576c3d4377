import { useState } from 'react';
import { BULK_MAX_ROWS, calls, type Employee } from '@pp/contract';
import { useApiClient } from '../../../lib/api/api-context.ts';
import type { EmployeesView } from '../employees-view.ts';

/**
 * Everybody the list's filter matches, not just the page shown, at most as many as one bulk
 * request takes (decision 0084), read page by page from `Employee/GetEmployees`.
 */
export function useAllMatching(companyId: string, view: EmployeesView) {
  const client = useApiClient();
  const [pending, setPending] = useState(false);
  const fetch = async (): Promise<Employee[]> => {
    setPending(true);
    try {
      const all: Employee[] = [];
      for (let page = 1; all.length < BULK_MAX_ROWS; page += 1) {
        const query = {
          companyId,
          page,
          pageSize: 100,
          sort: view.sort,
          direction: view.direction,
          ...(view.search ? { search: view.search } : {}),
          ...(view.status ? { status: view.status } : {}),
        };
        const answer = await client.call(calls.employeeGetEmployees, { query });
        all.push(...answer.employees);
        if (all.length >= answer.total || answer.employees.length === 0) break;
      }
      return all.slice(0, BULK_MAX_ROWS);
    } finally {
      setPending(false);
    }
  };
  return { fetch, pending };
}
