import { useMutation, useQueryClient } from '@tanstack/react-query';
import { calls, type InviteEmployee } from '@pp/contract';
import { useApiClient } from '../../../lib/api/api-context.ts';
import { employeesQueryPrefix } from './get-employees.ts';

/** Invites a person by e-mail (admins); the lists are read again afterwards. */
export function useInviteEmployee() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteEmployee) => client.call(calls.employeeInviteEmployee, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeesQueryPrefix }),
  });
}
