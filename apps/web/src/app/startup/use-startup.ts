import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../lib/api/api-context.ts';
import { useAuth } from '../../lib/auth/auth-context.ts';
import { useToasts } from '../../lib/toasts/toast-context.ts';
import { useUiStore } from '../../lib/ui-state/ui-state-context.ts';
import { runStartup } from './run-startup.ts';

export const startupQueryKey = ['startup'] as const;

/** Runs the startup once per page (and again on `refetch`), counted as one running operation. */
export function useStartup() {
  const queryClient = useQueryClient();
  const client = useApiClient();
  const store = useUiStore();
  const auth = useAuth();
  const toasts = useToasts();
  const { i18n } = useTranslation();

  return useQuery({
    queryKey: startupQueryKey,
    queryFn: async () => {
      store.startLoading();
      try {
        return await runStartup({
          queryClient,
          client,
          store,
          getAccessToken: auth.getAccessToken,
          signIn: auth.signIn,
          language: i18n.resolvedLanguage ?? i18n.language,
          showToast: (messageKey) => toasts.show(messageKey),
        });
      } finally {
        store.stopLoading();
      }
    },
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
}
