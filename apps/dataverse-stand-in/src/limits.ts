import { DataverseError } from './errors.ts';

// Dataverse's service protection limits per user (Microsoft Learn: "Service protection API
// limits", https://learn.microsoft.com/power-apps/developer/data-platform/api-limits): in any
// 5 minutes at most 6,000 requests and 20 minutes of combined execution time, and at most 52
// requests at once. Over a limit, a request answers 429 with a Retry-After in seconds and one of
// the documented error codes. The stand-in has one application user, so it counts every request.

export interface ServiceProtectionLimits {
  /** Requests in the window: 6,000. */
  requests: number;
  /** Milliseconds of execution time in the window: 1,200,000 (20 minutes). */
  executionMs: number;
  /** The sliding window: 300 seconds. */
  windowSeconds: number;
  /** Requests at once: 52. */
  concurrent: number;
}

export const DATAVERSE_LIMITS: ServiceProtectionLimits = {
  requests: 6000,
  executionMs: 20 * 60_000,
  windowSeconds: 300,
  concurrent: 52,
};

const limitError = (code: string, message: string, retryAfterSeconds: number) =>
  new DataverseError(429, code, message, { 'retry-after': String(retryAfterSeconds) });

interface Counted {
  at: number;
  ms: number;
  inWindow: boolean;
}

/** Counts requests in a sliding window; `enter` throws the 429 a request over a limit gets. */
export class ServiceProtection {
  /** The window's requests, oldest first. */
  private readonly window: Counted[] = [];
  private executionMs = 0;
  private running = 0;

  constructor(private readonly limits: ServiceProtectionLimits) {}

  private forgetBefore(now: number) {
    const since = now - this.limits.windowSeconds * 1000;
    while (this.window.length > 0 && this.window[0]!.at < since) {
      const old = this.window.shift()!;
      old.inWindow = false;
      this.executionMs -= old.ms;
    }
  }

  /** Admits a request or throws its 429; the returned function records its end. */
  enter(now = Date.now()): () => void {
    this.forgetBefore(now);
    const { requests, executionMs, windowSeconds, concurrent } = this.limits;
    const retryAfter = () =>
      Math.max(1, Math.ceil((this.window[0]!.at + windowSeconds * 1000 - now) / 1000));
    if (this.window.length >= requests) {
      throw limitError(
        '0x80072322',
        `Number of requests exceeded the limit of ${requests} over time window of ${windowSeconds} seconds.`,
        retryAfter(),
      );
    }
    if (this.executionMs >= executionMs) {
      throw limitError(
        '0x80072321',
        `Combined execution time of incoming requests exceeded limit of ${executionMs} milliseconds over time window of ${windowSeconds} seconds.`,
        retryAfter(),
      );
    }
    if (this.running >= concurrent) {
      throw limitError(
        '0x80072326',
        `Number of concurrent requests exceeded the limit of ${concurrent}.`,
        1,
      );
    }
    this.running++;
    const entry: Counted = { at: now, ms: 0, inWindow: true };
    this.window.push(entry);
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.running--;
      entry.ms = Date.now() - now;
      if (entry.inWindow) this.executionMs += entry.ms;
    };
  }

  /** What the window holds now, for a benchmark's report. */
  get counted() {
    return { requests: this.window.length, executionMs: this.executionMs };
  }
}
