import { describe, expect, it } from 'vitest';
import { idlePhase } from './idle-clock.ts';

const MINUTE = 60_000;

describe('idlePhase', () => {
  it('is active until the timeout', () => {
    expect(idlePhase(0, 30 * MINUTE, MINUTE)).toEqual({ kind: 'active' });
    expect(idlePhase(30 * MINUTE - 1, 30 * MINUTE, MINUTE)).toEqual({ kind: 'active' });
  });

  it('then warns, counting the seconds down', () => {
    expect(idlePhase(30 * MINUTE, 30 * MINUTE, MINUTE)).toEqual({
      kind: 'warning',
      secondsLeft: 60,
    });
    expect(idlePhase(30 * MINUTE + 59_500, 30 * MINUTE, MINUTE)).toEqual({
      kind: 'warning',
      secondsLeft: 1,
    });
  });

  it('then expires', () => {
    expect(idlePhase(31 * MINUTE, 30 * MINUTE, MINUTE)).toEqual({ kind: 'expired' });
  });
});
