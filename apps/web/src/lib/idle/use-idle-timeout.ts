import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { idlePhase, type IdlePhase } from './idle-clock.ts';

const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'];
/** Activity in another tab of the portal counts too: the session is theirs as well. */
const CHANNEL_NAME = 'pp.activity';
const BROADCAST_EVERY_MS = 5_000;

/**
 * Watches the user's activity; `timeoutMs` after the last, calls `onExpired`. Shortly before, it
 * warns with a countdown (`idlePhase`); while the warning shows, only `stayActive()` (or activity
 * in another tab) ends it.
 */
export function useIdleTimeout(timeoutMs: number, onExpired: () => void) {
  const [phase, setPhase] = useState<IdlePhase>({ kind: 'active' });
  // Set when the watch starts (render must not read the clock).
  const lastActivity = useRef(0);
  const warning = useRef(false);
  // The latest `onExpired`, without restarting the watch when the caller passes a new function.
  const expire = useEffectEvent(onExpired);

  const stayActive = useCallback(() => {
    lastActivity.current = Date.now();
    warning.current = false;
    setPhase({ kind: 'active' });
  }, []);

  useEffect(() => {
    lastActivity.current = Date.now();
    const channel = 'BroadcastChannel' in window ? new BroadcastChannel(CHANNEL_NAME) : undefined;
    let lastBroadcast = 0;
    const onActivity = () => {
      if (warning.current) return;
      const now = Date.now();
      lastActivity.current = now;
      if (channel && now - lastBroadcast > BROADCAST_EVERY_MS) {
        lastBroadcast = now;
        channel.postMessage('active');
      }
    };
    if (channel) channel.onmessage = stayActive;
    for (const event of ACTIVITY_EVENTS) {
      window.addEventListener(event, onActivity, { passive: true, capture: true });
    }

    let expired = false;
    const tick = () => {
      const next = idlePhase(Date.now() - lastActivity.current, timeoutMs);
      warning.current = next.kind !== 'active';
      setPhase((current) =>
        current.kind === next.kind &&
        (next.kind !== 'warning' ||
          (current.kind === 'warning' && current.secondsLeft === next.secondsLeft))
          ? current
          : next,
      );
      if (next.kind === 'expired' && !expired) {
        expired = true;
        expire();
      }
    };
    const interval = window.setInterval(tick, 1000);

    return () => {
      window.clearInterval(interval);
      for (const event of ACTIVITY_EVENTS) {
        window.removeEventListener(event, onActivity, { capture: true });
      }
      channel?.close();
    };
  }, [timeoutMs, stayActive]);

  return { phase, stayActive };
}
