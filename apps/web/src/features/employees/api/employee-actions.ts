import { useMutation, useQueryClient } from '@tanstack/react-query';
import { calls, type InvitationRole } from '@pp/contract';
import { useApiClient, type ApiClient } from '../../../lib/api/api-context.ts';
import { customerDataQueryKey } from '../../../lib/ui-state/api/get-customer-data.ts';
import { locationsQueryPrefix } from '../../../lib/ui-state/api/get-locations.ts';
import { employeesQueryPrefix } from './get-employees.ts';

/** The person an action is about, in which practice. */
export interface EmployeeTarget {
  companyId: string;
  customerId: string;
}

/** What an admin does to one person, each one call of the api. */
export const EMPLOYEE_ACTIONS = {
  enable: (client: ApiClient, body: EmployeeTarget) =>
    client.call(calls.employeeEnableEmployee, { body }),
  disable: (client: ApiClient, body: EmployeeTarget) =>
    client.call(calls.employeeDisableEmployee, { body }),
  resend: (client: ApiClient, body: EmployeeTarget) =>
    client.call(calls.employeeResendInvitation, { body }),
  revoke: (client: ApiClient, body: EmployeeTarget) =>
    client.call(calls.employeeRevokeInvitation, { body }),
  makeMember: (client: ApiClient, body: EmployeeTarget) => changeRole(client, body, 'member'),
  makeAdmin: (client: ApiClient, body: EmployeeTarget) => changeRole(client, body, 'admin'),
  transferSuperadmin: (client: ApiClient, body: EmployeeTarget) =>
    client.call(calls.employeeTransferSuperadmin, { body }),
} as const;

export type EmployeeAction = keyof typeof EMPLOYEE_ACTIONS;

function changeRole(client: ApiClient, body: EmployeeTarget, role: InvitationRole) {
  return client.call(calls.employeeChangeRole, { body: { ...body, role } });
}

/**
 * Runs one of {@link EMPLOYEE_ACTIONS}; afterwards every list and person is read again. Handing
 * over the superadmin role changes the caller's own role: their customer data is read again too.
 */
export function useEmployeeAction() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ action, target }: { action: EmployeeAction; target: EmployeeTarget }) => {
      await EMPLOYEE_ACTIONS[action](client, target);
    },
    onSuccess: async (_answer, { action }) => {
      // A revoked invitee is gone: only the lists are read again, not the person (a 404).
      const queryKey =
        action === 'revoke' ? [...employeesQueryPrefix, 'GetEmployees'] : employeesQueryPrefix;
      await queryClient.invalidateQueries({ queryKey });
      if (action === 'transferSuperadmin') {
        await queryClient.invalidateQueries({ queryKey: customerDataQueryKey });
      }
    },
  });
}

/** Sets the locations a person works at; their list of locations is read again. */
export function useSetEmployeeLocations() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EmployeeTarget & { locationIds: string[] }) =>
      client.call(calls.employeeSetEmployeeLocations, { body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: employeesQueryPrefix });
      await queryClient.invalidateQueries({ queryKey: locationsQueryPrefix });
    },
  });
}
