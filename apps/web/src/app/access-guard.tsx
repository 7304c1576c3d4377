import { Navigate, Outlet, useLocation } from 'react-router';
import { isPathAllowed, ROUTES } from '@pp/contract';
import { usePortalRole } from '../lib/ui-state/ui-state-context.ts';
import type { RefusedState } from './layout/refused-notice.tsx';

/**
 * The URL access check (specification §2) for every route it wraps: a path the role may not
 * open leads to the dashboard, which says why. Re-checked when the active practice changes.
 */
export function AccessGuard() {
  const location = useLocation();
  const role = usePortalRole();
  if (isPathAllowed(location.pathname, role)) return <Outlet />;
  const state: RefusedState = { refusedPath: location.pathname };
  return <Navigate to={ROUTES.dashboard} replace state={state} />;
}
