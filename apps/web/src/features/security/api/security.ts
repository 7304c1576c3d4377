import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { calls, type DeleteAccount } from '@pp/contract';
import { useApiClient } from '../../../lib/api/api-context.ts';

export const sessionsQueryKey = ['Security/GetSessions'] as const;
export const signInsQueryKey = ['Security/GetSignIns'] as const;

/** The caller's sessions at the provider ("this device" marked). */
export function useSessions() {
  const client = useApiClient();
  return useQuery({
    queryKey: sessionsQueryKey,
    queryFn: () => client.call(calls.securityGetSessions),
    retry: false,
  });
}

/** The caller's last sign-ins and failed attempts. */
export function useSignIns() {
  const client = useApiClient();
  return useQuery({
    queryKey: signInsQueryKey,
    queryFn: () => client.call(calls.securityGetSignIns),
    retry: false,
  });
}

/** Signs one session out; the list is read again afterwards. */
export function useEndSession() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) =>
      client.call(calls.securityEndSession, { body: { sessionId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}

/** Signs out everywhere, this browser too (the caller then signs this tab out). */
export function useEndAllSessions() {
  const client = useApiClient();
  return useMutation({ mutationFn: () => client.call(calls.securityEndAllSessions) });
}

/** Asks the identity provider to mail a link that sets a new password (as on /info). */
export function useRequestPasswordLink() {
  const client = useApiClient();
  return useMutation({ mutationFn: () => client.call(calls.customerChangePassword) });
}

/** Deletes the caller's account (decision 0078); the caller then signs this tab out. */
export function useDeleteAccount() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (body: DeleteAccount) => client.call(calls.customerDeleteAccount, { body }),
  });
}
