import { useMutation, useQueryClient } from '@tanstack/react-query';
import { calls, type InviteEmployees } from '@pp/contract';
import { useApiClient } from '../../../lib/api/api-context.ts';
import { employeesQueryPrefix } from './get-employees.ts';

/** Previews (`dryRun`) or sends up to 200 invitations; sent, the lists are read again. */
export function useInviteEmployees() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteEmployees) => client.call(calls.employeeInviteEmployees, { body }),
    onSuccess: async (_answer, body) => {
      if (!body.dryRun) await queryClient.invalidateQueries({ queryKey: employeesQueryPrefix });
    },
  });
}
