import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { ApiClientContext, useApiClient } from '../lib/api/api-context.ts';
import { useAuth } from '../lib/auth/auth-context.ts';
// Before the router: forms with unsaved changes hear of Back first (decision 0054).
import '../lib/forms/pop-hold.ts';
import { colorSchemeManager } from '../lib/theme/color-scheme.ts';
import '../lib/theme/mantine-styles.ts';
import { theme } from '../lib/theme/theme.ts';
import { ToastContext } from '../lib/toasts/toast-context.ts';
import { createToastStore } from '../lib/toasts/toast-store.ts';
import { UiStoreContext } from '../lib/ui-state/ui-state-context.ts';
import { createUiStore } from '../lib/ui-state/ui-store.ts';
import { countingApiClient } from './counting-api-client.ts';
import { AppRoutes } from './app-routes.tsx';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      // A save made offline is sent, fails at once and says so, instead of waiting paused (and
      // spinning) until the browser is back online (decision 0054).
      mutations: { networkMode: 'always' },
    },
  });
}

function createServices(queryClient: QueryClient = createQueryClient()) {
  return {
    queryClient,
    uiStore: createUiStore(window.sessionStorage),
    toastStore: createToastStore(),
  };
}

/**
 * Everything below sign-in (which provides the user, configuration, translations and the api
 * client): theme, data cache, UI state, toasts and the routes. Tests pass their `queryClient`.
 */
export function App({ queryClient: given }: { queryClient?: QueryClient }) {
  const [{ queryClient, uiStore, toastStore }] = useState(() => createServices(given));
  const auth = useAuth();
  const baseClient = useApiClient();
  const client = useMemo(
    () => countingApiClient(baseClient, uiStore, auth.getAccessToken),
    [baseClient, uiStore, auth.getAccessToken],
  );

  return (
    <MantineProvider
      theme={theme}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
    >
      <QueryClientProvider client={queryClient}>
        <UiStoreContext.Provider value={uiStore}>
          <ToastContext.Provider value={toastStore}>
            <ApiClientContext.Provider value={client}>
              <BrowserRouter>
                <AppRoutes />
              </BrowserRouter>
            </ApiClientContext.Provider>
          </ToastContext.Provider>
        </UiStoreContext.Provider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
