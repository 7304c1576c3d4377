import { useMutation, useQueryClient } from '@tanstack/react-query';
import { calls } from '@pp/contract';
import { useApiClient, type ApiClient } from '../../../lib/api/api-context.ts';
import { customerDataQueryKey } from '../../../lib/ui-state/api/get-customer-data.ts';
import { myInvitationsQueryKey } from './get-my-invitations.ts';

/** What the user does with one of their own memberships, each one call of the api. */
const MEMBERSHIP_CALLS = {
  accept: (client: ApiClient, companyId: string) =>
    client.call(calls.employeeAcceptInvitation, { body: { companyId } }),
  decline: (client: ApiClient, companyId: string) =>
    client.call(calls.employeeDeclineInvitation, { body: { companyId } }),
  leave: (client: ApiClient, companyId: string) =>
    client.call(calls.employeeLeavePractice, { body: { companyId } }),
} as const;

export type MembershipCall = keyof typeof MEMBERSHIP_CALLS;

/**
 * Accepts or declines an invitation, or leaves a practice; then the customer's practices and
 * invitations are read again, so the list, the switcher and the navigation follow.
 */
export function useMembershipCall(call: MembershipCall) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (companyId: string) => MEMBERSHIP_CALLS[call](client, companyId),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: customerDataQueryKey });
      await queryClient.invalidateQueries({ queryKey: myInvitationsQueryKey });
    },
  });
}

/** Makes one of the user's enabled practices their primary one. */
export function useChangePrimaryCompany() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { customerId: string; companyId: string }) =>
      client.call(calls.employeeChangePrimaryCompany, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerDataQueryKey }),
  });
}
