import { Component, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { ErrorPanel } from './error-panel.tsx';
import { PendingOperation } from './pending-operation.tsx';
import { NewVersionError } from '../screen-loading/new-version-error.ts';

/**
 * sessionStorage key of the one automatic reload after a screen's code failed to load. It lives
 * only between that reload and the next screen that renders (docs/product.md §2 keeps web storage
 * to theme, language and the tab's practice), so it never stays behind.
 */
export const RELOAD_MARKER_KEY = 'pp.reloaded-for-update';
/** A second failure within this time after the automatic reload shows the panel instead. */
const RELOAD_GUARD_MS = 60_000;

function readMarker(): number | undefined {
  try {
    const value = Number(window.sessionStorage.getItem(RELOAD_MARKER_KEY));
    return Number.isFinite(value) && value > 0 ? value : undefined;
  } catch {
    return undefined;
  }
}

function writeMarker(value: number | undefined): void {
  try {
    if (value === undefined) window.sessionStorage.removeItem(RELOAD_MARKER_KEY);
    else window.sessionStorage.setItem(RELOAD_MARKER_KEY, String(value));
  } catch {
    // Without sessionStorage there is no guard: show the panel rather than risk a loop.
  }
}

/** Whether this failure may reload the page, which it marks; false right after such a reload. */
function mayReloadOnce(now: number): boolean {
  const reloadedAt = readMarker();
  if (reloadedAt !== undefined && now - reloadedAt < RELOAD_GUARD_MS) {
    writeMarker(undefined);
    return false;
  }
  writeMarker(now);
  return readMarker() === now;
}

/** Rendered with the screen: once a screen shows, the reload (if any) did its job. */
export function ScreenRendered() {
  useEffect(() => {
    if (readMarker() !== undefined) writeMarker(undefined);
  }, []);
  return null;
}

/** `reload`: waiting to reload (or to decide against it); `update`: the reload did not help. */
type Failure = 'reload' | 'update' | 'error';

interface RouteErrorBoundaryProps {
  /** A new value (the route's path) clears a failure: another screen gets its chance. */
  resetKey: string;
  children: ReactNode;
}

interface RouteErrorBoundaryState {
  failure: Failure | undefined;
  resetKey: string;
}

/**
 * Keeps a failing screen from blanking the page. A screen whose code is gone because a new build
 * is deployed reloads the page once (the new version's index names the new chunks); failing
 * again, it offers a reload. Code that stayed unreachable through the retries (load-screen.ts)
 * and any other error while rendering show an error panel. The frame around stays.
 */
export class RouteErrorBoundary extends Component<
  RouteErrorBoundaryProps,
  RouteErrorBoundaryState
> {
  override state: RouteErrorBoundaryState = { failure: undefined, resetKey: this.props.resetKey };

  static getDerivedStateFromProps(
    props: RouteErrorBoundaryProps,
    state: RouteErrorBoundaryState,
  ): Partial<RouteErrorBoundaryState> | null {
    if (props.resetKey === state.resetKey) return null;
    return { failure: undefined, resetKey: props.resetKey };
  }

  static getDerivedStateFromError(error: unknown): Partial<RouteErrorBoundaryState> {
    return { failure: error instanceof NewVersionError ? 'reload' : 'error' };
  }

  // The decision has a side effect (the marker), so it is made once, after the commit.
  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('A screen failed to render', error, info.componentStack);
    if (!(error instanceof NewVersionError)) return;
    if (mayReloadOnce(Date.now())) window.location.reload();
    else this.setState({ failure: 'update' });
  }

  override render() {
    switch (this.state.failure) {
      case 'reload':
        return <PendingOperation />;
      case 'update':
        return <ErrorPanel kind="update" />;
      case 'error':
        return <ErrorPanel kind="error" />;
      default:
        return this.props.children;
    }
  }
}
