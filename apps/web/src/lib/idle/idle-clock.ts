/** What the idle clock shows: nothing yet, a warning with seconds left, or time is up. */
export type IdlePhase =
  { kind: 'active' } | { kind: 'warning'; secondsLeft: number } | { kind: 'expired' };

/**
 * The phase after `idleMs` without activity: active until `timeoutMs`, then a warning counting
 * down `warningMs`, then expired.
 */
export function idlePhase(idleMs: number, timeoutMs: number, warningMs: number): IdlePhase {
  if (idleMs < timeoutMs) return { kind: 'active' };
  const leftMs = timeoutMs + warningMs - idleMs;
  if (leftMs <= 0) return { kind: 'expired' };
  return { kind: 'warning', secondsLeft: Math.ceil(leftMs / 1000) };
}
