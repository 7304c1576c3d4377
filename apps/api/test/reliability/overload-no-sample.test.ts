import { describe, expect, it } from 'vitest';
import { API_BASE, calls } from '@pp/contract';
import { useApi } from '../support/context.ts';
import { demo } from '../support/demo.ts';
import { bearer } from '../support/expect-problem.ts';

/**
 * Keeps the event loop busy in 95 ms slices, one after another, as a run of slow statements on
 * the embedded database does (PGlite runs in the api's thread). A slice is far below the overload
 * limit, but a 100 ms sampling window can end without a single sample of the loop's delay.
 */
function busySlices(count: number): Promise<void> {
  return new Promise((resolve) => {
    let done = 0;
    const slice = () => {
      const until = Date.now() + 95;
      while (Date.now() < until) {
        // busy, like a slow statement in the api's thread
      }
      done += 1;
      if (done < count) setImmediate(slice);
      else resolve();
    };
    setImmediate(slice);
  });
}

// Second probe, finding 7: a sampling window without a sample counted as an infinite delay, and
// a client reading one request after another got 30 × 503 after one slow request.
describe('load shedding decides on a measured delay only', () => {
  // The production limit (the tests' default turns the check off).
  const api = useApi({ env: { OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '1000' } });

  it('a reader beside a run of slow work is never shed while the measured delay is below the limit', async () => {
    const headers = bearer(await api.issuer.tokenFor(demo.clara));
    const statuses: number[] = [];
    let busy = true;
    const slow = busySlices(30).then(() => (busy = false));
    while (busy && statuses.length < 200) {
      const answer = await api.app.inject({
        url: `${API_BASE}${calls.customerGetCustomerData.path}`,
        headers,
      });
      statuses.push(answer.statusCode);
      await new Promise((resolve) => setImmediate(resolve));
    }
    await slow;
    // Some requests ran during the slow work (fewer on a loaded machine: 5 seen in CI), so the
    // test is not vacuous; the bug answered 503 from the first window without a sample.
    expect(statuses.length).toBeGreaterThanOrEqual(3);
    expect(statuses.filter((status) => status === 503)).toEqual([]);
    expect(statuses.every((status) => status === 200)).toBe(true);
  });
});
