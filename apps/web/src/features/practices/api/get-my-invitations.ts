import { useQuery } from '@tanstack/react-query';
import { calls } from '@pp/contract';
import { useApiClient } from '../../../lib/api/api-context.ts';
import { useToasts } from '../../../lib/toasts/toast-context.ts';
import { TOAST_MESSAGES } from '../../../lib/toasts/toast-store.ts';

export const myInvitationsQueryKey = ['Employee/GetMyInvitations'] as const;

/** The user's pending invitations (with who invited and until when); a failed load: GET_ERROR. */
export function useMyInvitations() {
  const client = useApiClient();
  const toasts = useToasts();
  return useQuery({
    queryKey: myInvitationsQueryKey,
    queryFn: async () => {
      try {
        return await client.call(calls.employeeGetMyInvitations);
      } catch (error) {
        toasts.show(TOAST_MESSAGES.GET_ERROR);
        throw error;
      }
    },
    retry: false,
  });
}
