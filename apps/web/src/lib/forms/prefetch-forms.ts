/**
 * Fetches the forms' checking code (zod and the contract's schemas, one chunk) once the first
 * screen is up, while the browser is idle: the first screen does without it (its answers are
 * checked by compiled schemas, decision 0091), and the first form opened finds it loaded.
 */
export function prefetchForms(): () => void {
  const load = () => void import('./form-checks.ts').catch(() => undefined);
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(load, { timeout: 2_000 });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(load, 200);
  return () => clearTimeout(timer);
}
