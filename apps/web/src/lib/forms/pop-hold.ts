/**
 * The first say on Back and Forward. Listeners of one event run in the order they were added,
 * so this one is added when the app's code loads, before `BrowserRouter` adds its own: a form
 * with unsaved changes (`leave-guard.ts`, loaded with the screens) can then keep the router from
 * hearing of a move until the user has answered (decision 0054).
 */
let hold: ((event: PopStateEvent) => void) | undefined;

window.addEventListener('popstate', (event) => hold?.(event));

/** Sets (or with `undefined` removes) what hears of Back and Forward before the router. */
export function holdPopState(listener: ((event: PopStateEvent) => void) | undefined) {
  hold = listener;
}
