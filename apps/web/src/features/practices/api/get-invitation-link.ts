import { useQuery } from '@tanstack/react-query';
import { calls } from '@pp/contract';
import { useApiClient } from '../../../lib/api/api-context.ts';

const SECRET = /^[A-Za-z0-9_-]{43}$/;

/**
 * Whether the invitation of the link `/my-practice?invitation=…` is the signed-in person's. No
 * toast on failure: an unknown or malformed link shows nothing, the page works without it.
 */
export function useInvitationLink(secret: string | null) {
  const client = useApiClient();
  const invitation = secret !== null && SECRET.test(secret) ? secret : undefined;
  return useQuery({
    queryKey: ['Employee/GetInvitationLink', invitation],
    queryFn: () =>
      client.call(calls.employeeGetInvitationLink, { query: { invitation: invitation ?? '' } }),
    enabled: invitation !== undefined,
    retry: false,
    staleTime: Infinity,
  });
}
