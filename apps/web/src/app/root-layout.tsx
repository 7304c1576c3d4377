import { Suspense, useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { ROUTES } from '@pp/contract';
import { SecondFactorPanel } from '../components/lazy-second-factor-required.ts';
import { useAuth } from '../lib/auth/auth-context.ts';
import { useWebConfiguration } from '../lib/auth/web-configuration.ts';
import { IdleWarning } from '../lib/idle/idle-warning.tsx';
import { Toaster } from '../lib/toasts/toaster.tsx';
import { useActiveLocations } from '../lib/ui-state/use-active-locations.ts';
import { PRACTICE_SCREENS } from '../lib/ui-state/practice-screens.ts';
import { useUiState } from '../lib/ui-state/ui-state-context.ts';
import { useCustomer } from '../lib/ui-state/use-customer.ts';
import { AppLayout } from './layout/app-layout.tsx';
import { GlobalSpinner } from './layout/global-spinner.tsx';
import { PendingOperation } from './layout/pending-operation.tsx';
import { RouteErrorBoundary, ScreenRendered } from './layout/route-error-boundary.tsx';
import { ScrollManager } from './layout/scroll-manager.tsx';
import { prefetchScreenRetry, SHOWN_WITH_THE_CUSTOMER } from './routes/page-routes.ts';
import { prefetchScreenKit } from './screen-loading/prefetch-screen-kit.ts';
import type { UnauthorizedState } from './routes/unauthorized-page.tsx';
import { useLanguageSources } from './startup/use-language-sources.ts';
import { useStartup } from './startup/use-startup.ts';

/**
 * Everything around the routes. The frame shows at once and fills in as the startup's calls
 * answer (their order is the specification's): the header and navigation with the customer's
 * data, then the screen. The dashboard needs nothing else and shows with the customer; other
 * screens may read the picklists or aliases, whose calls must come after, so they wait for the
 * whole startup.
 */
export function RootLayout() {
  const startup = useStartup();
  const location = useLocation();
  const auth = useAuth();
  const config = useWebConfiguration();
  const customerLoaded = useCustomer() !== undefined;
  const secondFactorRequired = useUiState((state) => state.secondFactorRequired);
  const outcome = startup.isError ? 'no-customer' : startup.data;
  useLanguageSources();
  useEffect(prefetchScreenRetry, []);
  // Once the first screen has its data: what the other screens share (decision 0091).
  useEffect(() => (outcome === 'ready' ? prefetchScreenKit() : undefined), [outcome]);
  // After the startup (its last step is the picklists), and again after each switch of practice.
  useActiveLocations(undefined, { enabled: outcome === 'ready' });

  if (outcome === 'no-customer' && location.pathname !== ROUTES.unauthorized) {
    const state: UnauthorizedState = {
      from: `${location.pathname}${location.search}${location.hash}`,
    };
    return (
      <Chrome idleTimeoutMinutes={config.idleTimeoutMinutes} onSignOut={() => void auth.signOut()}>
        <Navigate to={ROUTES.unauthorized} replace state={state} />
      </Chrome>
    );
  }
  if (outcome === 'signing-in') {
    return (
      <Chrome
        idleTimeoutMinutes={config.idleTimeoutMinutes}
        onSignOut={() => void auth.signOut()}
      />
    );
  }

  const settled = outcome === 'ready' || outcome === 'no-customer';
  const showScreen = settled || (customerLoaded && SHOWN_WITH_THE_CUSTOMER.has(location.pathname));
  let navigation: 'links' | 'pending' | 'none' = 'pending';
  if (settled) navigation = outcome === 'ready' ? 'links' : 'none';
  else if (customerLoaded) navigation = 'links';

  return (
    <Chrome idleTimeoutMinutes={config.idleTimeoutMinutes} onSignOut={() => void auth.signOut()}>
      <AppLayout navigation={navigation}>
        {/* A screen that fails (its code gone after a deploy, an error) leaves the frame intact. */}
        <RouteErrorBoundary resetKey={location.pathname}>
          {/* Scrolling waits for the screen: both are inside the boundary its code suspends. */}
          <Suspense fallback={<PendingOperation />}>
            {showScreen ? (
              <>
                <ScrollManager />
                {/* The session reaches the screens through the outlet: a lazy screen importing
                    the auth module would split it into a chunk of its own (decision 0058). */}
                {secondFactorRequired && PRACTICE_SCREENS.has(location.pathname) ? (
                  <SecondFactorPanel />
                ) : (
                  <Outlet context={auth} />
                )}
                <ScreenRendered />
              </>
            ) : (
              <PendingOperation />
            )}
          </Suspense>
        </RouteErrorBoundary>
      </AppLayout>
    </Chrome>
  );
}

/** What every state of the startup shows around its content: spinner, toasts, idle warning. */
function Chrome({
  idleTimeoutMinutes,
  onSignOut,
  children,
}: {
  idleTimeoutMinutes: number;
  onSignOut: () => void;
  children?: ReactNode;
}) {
  return (
    <>
      {children}
      <GlobalSpinner />
      <Toaster />
      <IdleWarning timeoutMinutes={idleTimeoutMinutes} onSignOut={onSignOut} />
    </>
  );
}
