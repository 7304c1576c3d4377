import { Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { ROUTES } from '@pp/contract';
import { useAuth } from '../lib/auth/auth-context.ts';
import { useWebConfiguration } from '../lib/auth/web-configuration.ts';
import { IdleWarning } from '../lib/idle/idle-warning.tsx';
import { Toaster } from '../lib/toasts/toaster.tsx';
import { useActiveLocations } from '../lib/ui-state/use-active-locations.ts';
import { AppLayout } from './layout/app-layout.tsx';
import { GlobalSpinner } from './layout/global-spinner.tsx';
import { PendingOperation } from './layout/pending-operation.tsx';
import { ScrollManager } from './layout/scroll-manager.tsx';
import type { UnauthorizedState } from './routes/unauthorized-page.tsx';
import { useStartup } from './startup/use-startup.ts';

/** Everything around the routes: startup first, then the frame with the matched screen. */
export function RootLayout() {
  const startup = useStartup();
  const location = useLocation();
  const auth = useAuth();
  const config = useWebConfiguration();
  const outcome = startup.isError ? 'no-customer' : startup.data;
  // After the startup (its last step is the picklists), and again after each switch of practice.
  useActiveLocations(undefined, { enabled: outcome === 'ready' });

  let content = null;
  if (outcome === 'no-customer' && location.pathname !== ROUTES.unauthorized) {
    const state: UnauthorizedState = {
      from: `${location.pathname}${location.search}${location.hash}`,
    };
    content = <Navigate to={ROUTES.unauthorized} replace state={state} />;
  } else if (outcome === 'ready' || outcome === 'no-customer') {
    content = (
      <AppLayout withNavigation={outcome === 'ready'}>
        {/* Scrolling waits for the screen: both are inside the boundary its code suspends. */}
        <Suspense fallback={<PendingOperation />}>
          <ScrollManager />
          <Outlet />
        </Suspense>
      </AppLayout>
    );
  }

  return (
    <>
      {content}
      <GlobalSpinner />
      <Toaster />
      <IdleWarning
        timeoutMinutes={config.idleTimeoutMinutes}
        onSignOut={() => void auth.signOut()}
      />
    </>
  );
}
