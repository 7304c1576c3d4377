import { describe, expect, it } from 'vitest';
import { idlePhase, warningMs } from './idle-clock.ts';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;

describe('the warning before the idle sign-out', () => {
  it('is a minute long for the usual timeouts', () => {
    expect(warningMs(30 * MINUTE)).toBe(MINUTE);
    expect(warningMs(5 * MINUTE)).toBe(MINUTE);
  });

  it('is a fifth of a timeout shorter than five minutes', () => {
    expect(warningMs(MINUTE)).toBe(12 * SECOND);
    expect(warningMs(2 * MINUTE)).toBe(24 * SECOND);
  });
});

describe('idlePhase', () => {
  it('is active until the warning is due, a minute before the timeout', () => {
    expect(idlePhase(0, 30 * MINUTE)).toEqual({ kind: 'active' });
    expect(idlePhase(29 * MINUTE - 1, 30 * MINUTE)).toEqual({ kind: 'active' });
  });

  it('then warns, counting the seconds down to the timeout', () => {
    expect(idlePhase(29 * MINUTE, 30 * MINUTE)).toEqual({ kind: 'warning', secondsLeft: 60 });
    expect(idlePhase(30 * MINUTE - 500, 30 * MINUTE)).toEqual({ kind: 'warning', secondsLeft: 1 });
  });

  it('expires at the timeout itself, not a warning later', () => {
    expect(idlePhase(30 * MINUTE, 30 * MINUTE)).toEqual({ kind: 'expired' });
    expect(idlePhase(31 * MINUTE, 30 * MINUTE)).toEqual({ kind: 'expired' });
  });

  it('with IDLE_TIMEOUT_MINUTES=1 warns after 48 s and signs out after 60 s', () => {
    expect(idlePhase(48 * SECOND - 1, MINUTE)).toEqual({ kind: 'active' });
    expect(idlePhase(48 * SECOND, MINUTE)).toEqual({ kind: 'warning', secondsLeft: 12 });
    expect(idlePhase(MINUTE - 1, MINUTE)).toEqual({ kind: 'warning', secondsLeft: 1 });
    expect(idlePhase(MINUTE, MINUTE)).toEqual({ kind: 'expired' });
  });
});
