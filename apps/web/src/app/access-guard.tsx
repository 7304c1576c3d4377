import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate, useOutletContext } from 'react-router';
import { isPathAllowed, ROUTES } from '@pp/contract';
import { useUiStore } from '../lib/ui-state/ui-state-context.ts';
import { useActiveCompany, usePortalRole } from '../lib/ui-state/use-customer.ts';

/**
 * The URL access check (docs/specification.md §2) for every route it wraps: a path the role may not
 * open leads to the dashboard, which says why. Re-checked when the active practice changes:
 * a switch keeps the screen when the new role may see it, else the dashboard names the
 * practice now active (a switch is the user's own choice, not a refusal).
 */
export function AccessGuard() {
  const { pathname } = useLocation();
  const role = usePortalRole();
  const companyId = useActiveCompany()?.companyId;
  const allowed = isPathAllowed(pathname, role);
  const navigate = useNavigate();
  const store = useUiStore();
  // The root layout's session, passed on to the screens (root-layout.tsx).
  const session: unknown = useOutletContext();
  // The path and practice of the last check: the same path with another practice is a switch.
  const checked = useRef({ pathname, companyId });

  useEffect(() => {
    const before = checked.current;
    checked.current = { pathname, companyId };
    if (allowed) return;
    // A navigation renders as a transition: the browser may already be on its way to a page the
    // role may open (leaving a page it just lost, such as a practice's data after disabling it).
    const goingTo = window.location.pathname;
    if (goingTo !== pathname && isPathAllowed(goingTo, role)) return;
    const switched =
      before.pathname === pathname &&
      before.companyId !== undefined &&
      before.companyId !== companyId;
    // The notice is kept in memory, not in the history entry: a reload does not show it again.
    store.showNotice({
      messageKey: switched ? 'ACCESS.SWITCHED' : 'ACCESS.REFUSED',
      path: ROUTES.dashboard,
    });
    void navigate(ROUTES.dashboard, { replace: true });
  }, [allowed, companyId, navigate, pathname, role, store]);

  return allowed ? <Outlet context={session} /> : null;
}
