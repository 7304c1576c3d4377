import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { isPathAllowed, ROUTES } from '@pp/contract';
import { useUiStore } from '../lib/ui-state/ui-state-context.ts';
import { usePortalRole } from '../lib/ui-state/use-customer.ts';

/**
 * The URL access check (specification §2) for every route it wraps: a path the role may not
 * open leads to the dashboard, which says why. Re-checked when the active practice changes.
 */
export function AccessGuard() {
  const { pathname } = useLocation();
  const role = usePortalRole();
  const allowed = isPathAllowed(pathname, role);
  const navigate = useNavigate();
  const store = useUiStore();

  useEffect(() => {
    if (allowed) return;
    // A navigation renders as a transition: the browser may already be on its way to a page the
    // role may open (leaving a page it just lost, such as a practice's data after disabling it).
    const goingTo = window.location.pathname;
    if (goingTo !== pathname && isPathAllowed(goingTo, role)) return;
    // The notice is kept in memory, not in the history entry: a reload does not show it again.
    store.showNotice({ messageKey: 'ACCESS.REFUSED', path: ROUTES.dashboard });
    void navigate(ROUTES.dashboard, { replace: true });
  }, [allowed, navigate, pathname, role, store]);

  return allowed ? <Outlet /> : null;
}
