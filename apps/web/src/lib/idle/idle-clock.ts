/** What the idle clock shows: nothing yet, a warning with seconds left, or time is up. */
export type IdlePhase =
  { kind: 'active' } | { kind: 'warning'; secondsLeft: number } | { kind: 'expired' };

/** The longest warning before the sign-out. */
const MAX_WARNING_MS = 60_000;

/**
 * How long before the sign-out the warning shows: a minute, or a fifth of a shorter timeout, so
 * the user has had most of the timeout to themselves before the countdown starts.
 */
export function warningMs(timeoutMs: number): number {
  return Math.min(MAX_WARNING_MS, timeoutMs / 5);
}

/**
 * The phase after `idleMs` without activity: the sign-out is due at `timeoutMs` (the deployment's
 * `IDLE_TIMEOUT_MINUTES`), and the warning counts down the last {@link warningMs} before it.
 */
export function idlePhase(idleMs: number, timeoutMs: number): IdlePhase {
  const leftMs = timeoutMs - idleMs;
  if (leftMs <= 0) return { kind: 'expired' };
  if (leftMs > warningMs(timeoutMs)) return { kind: 'active' };
  return { kind: 'warning', secondsLeft: Math.ceil(leftMs / 1000) };
}
