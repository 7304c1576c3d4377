import { afterAll, describe, expect, it } from 'vitest';
import { WEB_CONFIGURATION_PATH } from '@pp/contract';
import { useApi } from '../support/context.ts';
import { demo } from '../support/demo.ts';
import { expectProblem } from '../support/expect-problem.ts';
import { createWebFixture, FIXTURE } from '../web/web-fixture.ts';

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

// Issue 22, point 5: on a busy machine the app's files, the sign-in's hidden page and the
// configuration answered 503 right after sign-in, and the tab was broken.
describe('under pressure, what the browser needs to run the app', () => {
  const web = createWebFixture();
  const api = useApi({ web: { root: web.root }, env: { OVERLOAD_MAX_HEAP_MIB: '1' } });
  afterAll(() => web.remove());

  const files = [
    ['the page of a screen', '/dashboard'],
    ['the app page', '/'],
    ['a script', FIXTURE.script],
    ['a stylesheet', FIXTURE.stylesheet],
    ['the translations', '/assets/i18n/en.json'],
    ['the silent sign-in page', '/silent-callback.html'],
    ['the build id', '/version.json'],
    ['the web configuration', WEB_CONFIGURATION_PATH],
  ] as const;

  it.each(files)('%s is still served (%s), while an api call is shed', async (_name, url) => {
    await new Promise((resolve) => setTimeout(resolve, 250)); // the first samples
    const shed = await api.client.customer.getCustomerData({
      token: await api.issuer.tokenFor(demo.clara),
    });
    expectProblem(shed, 503, 'service_unavailable');
    const served = await api.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
  });

  it('an unknown path under /api is shed as well (it would reach the api)', async () => {
    const shed = await api.app.inject({ method: 'GET', url: '/api/v1/NoSuch/Call' });
    expect(shed.statusCode).toBe(503);
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
