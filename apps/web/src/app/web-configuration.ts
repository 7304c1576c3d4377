import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadWebConfiguration } from '../lib/auth/web-configuration.ts';

/** The deployment's settings (`/app-config.json`): links of the footer, the idle timeout. */
export const webConfigurationQueryOptions = queryOptions({
  queryKey: ['web-configuration'],
  queryFn: ({ signal }) => loadWebConfiguration(signal),
  staleTime: Infinity,
});

export function useWebConfiguration() {
  return useQuery(webConfigurationQueryOptions);
}
