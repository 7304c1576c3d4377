import { useContext, useEffect, useRef, useState } from 'react';
import { UNSAFE_NavigationContext, useLocation, type Navigator } from 'react-router';
import { holdPopState } from './pop-hold.ts';

/**
 * Asking before unsaved changes are left behind (decision 0054). The portal keeps React
 * Router's `BrowserRouter`: its data router, which brings `useBlocker`, would add 16 KB gzipped
 * to the first screen, past its budget. The same two holds are taken here instead, only while a
 * form has unsaved changes: the router's `push`/`replace` (links, the menu, `navigate()`) wait
 * for an answer, and Back or Forward (`popstate`) is undone at once and done again if the user
 * chooses to leave, as `useBlocker` does.
 */

/** A form with unsaved changes, registered while it has them. */
interface Guard {
  /** Whether leaving for `pathname` now would lose something. */
  blocks: (pathname: string) => boolean;
  /** Shows the question; `leave` goes on with the navigation. */
  ask: (leave: () => void) => void;
}

const guards = new Set<Guard>();
let uninstall: (() => void) | undefined;
/** `history.state.idx` (React Router's) of the entry shown, to undo a Back by its distance. */
let shownIndex: number | undefined;
/** The next `popstate` is the undoing of a held Back or Forward: nobody hears it. */
let undoing = false;
/** The next `popstate` is one the user chose to go through with. */
let passing = false;

function entryIndex(state: unknown): number | undefined {
  if (typeof state !== 'object' || state === null || !('idx' in state)) return undefined;
  return typeof state.idx === 'number' ? state.idx : undefined;
}

function askingGuard(pathname: string): Guard | undefined {
  return [...guards].find((guard) => guard.blocks(pathname));
}

function onPopState(event: PopStateEvent) {
  const index = entryIndex(event.state);
  if (undoing) {
    undoing = false;
    event.stopImmediatePropagation();
    return;
  }
  const guard = passing ? undefined : askingGuard(window.location.pathname);
  passing = false;
  if (!guard || index === undefined || shownIndex === undefined) {
    shownIndex = index;
    return;
  }
  // Heard before the router's own listener (pop-hold.ts), which must not hear of the move; the
  // browser's entry is moved back by the same distance.
  event.stopImmediatePropagation();
  const distance = index - shownIndex;
  undoing = true;
  window.history.go(-distance);
  guard.ask(() => {
    passing = true;
    window.history.go(distance);
  });
}

function install(navigator: Navigator): () => void {
  const { push, replace } = navigator;
  const held =
    (go: Navigator['push']): Navigator['push'] =>
    (to, state, options) => {
      const pathname = new URL(navigator.createHref(to), window.location.href).pathname;
      const guard = askingGuard(pathname);
      const proceed = () => {
        go(to, state, options);
        shownIndex = entryIndex(window.history.state);
      };
      if (guard) guard.ask(proceed);
      else proceed();
    };
  navigator.push = held(push);
  navigator.replace = held(replace);
  shownIndex = entryIndex(window.history.state);
  holdPopState(onPopState);
  return () => {
    navigator.push = push;
    navigator.replace = replace;
    holdPopState(undefined);
  };
}

function register(guard: Guard, navigator: Navigator): () => void {
  guards.add(guard);
  uninstall ??= install(navigator);
  return () => {
    guards.delete(guard);
    if (guards.size > 0) return;
    uninstall?.();
    uninstall = undefined;
  };
}

/**
 * Holds navigation away from the current screen while `unsaved`, and asks. `release()` lets
 * everything through until the changes are gone or `hold()` is called: after a save (and the
 * navigation it causes) nothing is lost. Reloading or closing the tab gets the browser's own
 * question (`beforeunload`).
 */
export function useLeaveGuard(unsaved: boolean) {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const { pathname } = useLocation();
  const [leave, setLeave] = useState<(() => void) | undefined>();
  const released = useRef(false);

  useEffect(() => {
    if (!unsaved) released.current = false;
  }, [unsaved]);

  useEffect(() => {
    if (!unsaved) return undefined;
    const guard: Guard = {
      blocks: (to) => to !== pathname && !released.current,
      ask: (go) => setLeave(() => go),
    };
    const unregister = register(guard, navigator);
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (released.current) return;
      event.preventDefault();
      // Chromium before 119 and Safari ask only when a value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      unregister();
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [unsaved, pathname, navigator]);

  return {
    /** Whether the question is showing. */
    asking: leave !== undefined,
    stay: () => setLeave(undefined),
    /** The user chose to discard the changes: the held navigation goes on. */
    leave: () => {
      released.current = true;
      setLeave(undefined);
      leave?.();
    },
    release: () => {
      released.current = true;
    },
    hold: () => {
      released.current = false;
    },
  };
}

export type LeaveGuard = ReturnType<typeof useLeaveGuard>;
