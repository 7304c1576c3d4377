import { describe, expect, it } from 'vitest';
import { useApi } from '../support/context.ts';
import { demo } from '../support/demo.ts';
import { expectProblem } from '../support/expect-problem.ts';

// A heap limit below what any process uses makes the pressure certain, without timing.
describe('when the process is past a configured limit', () => {
  const api = useApi({ env: { OVERLOAD_MAX_HEAP_MIB: '1' } });

  it('sheds requests with a 503 problem and Retry-After at once, but keeps answering liveness', async () => {
    await new Promise((resolve) => setTimeout(resolve, 250)); // the first samples
    const shed = await api.client.customer.getCustomerData({
      token: await api.issuer.tokenFor(demo.clara),
    });
    expectProblem(shed, 503, 'service_unavailable');
    expect(Number(shed.headers['retry-after'])).toBeGreaterThan(0);
    expect(shed.headers['cache-control']).toBe('no-store');
    const alive = await api.client.lifetime.isAlive();
    expect(alive.statusCode).toBe(200);
  });
});

describe('with the default limits', () => {
  const api = useApi();

  it('serves normally', async () => {
    const answer = await api.client.customer.getCustomerData({
      token: await api.issuer.tokenFor(demo.clara),
    });
    expect(answer.statusCode).toBe(200);
  });
});
