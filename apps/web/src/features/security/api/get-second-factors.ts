import { useQuery } from '@tanstack/react-query';
import { calls } from '@pp/contract';
import { useApiClient } from '../../../lib/api/api-context.ts';

export const secondFactorsQueryKey = ['Security/GetSecondFactors'] as const;

/** The signed-in person's own second factors (authenticator app, recovery codes left). */
export function useSecondFactors() {
  const client = useApiClient();
  return useQuery({
    queryKey: secondFactorsQueryKey,
    queryFn: () => client.call(calls.securityGetSecondFactors),
    retry: false,
  });
}
