// The test control `setThrottle`: 429 on every n-th request, or on every request for a while.
import { errors, type DataverseError } from './errors.ts';
import type { Throttle } from './options.ts';

export class TestThrottle {
  private throttle: Throttle | null = null;
  private counter = 0;
  private until = 0;

  constructor(throttle: Throttle | null) {
    this.set(throttle);
  }

  set(next: Throttle | null): void {
    this.throttle = next;
    this.counter = 0;
    this.until = next && 'seconds' in next ? Date.now() + next.seconds * 1000 : 0;
  }

  /** The 429 this request gets, or undefined. */
  check(): DataverseError | undefined {
    const throttle = this.throttle;
    if (!throttle) return undefined;
    if ('seconds' in throttle) {
      const left = this.until - Date.now();
      if (left > 0) return errors.throttled(Math.max(1, Math.ceil(left / 1000)));
      return undefined;
    }
    this.counter++;
    if (throttle.every > 0 && this.counter % throttle.every === 0) {
      return errors.throttled(throttle.retryAfterSeconds ?? 1);
    }
    return undefined;
  }
}
