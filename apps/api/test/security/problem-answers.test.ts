import type { AddressInfo } from 'node:net';
import http from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { API_BASE, calls, PROBLEM_CONTENT_TYPE } from '@pp/contract';
import { useApi } from '../support/context.ts';
import { demo } from '../support/demo.ts';
import { createWebFixture } from '../web/web-fixture.ts';

const web = createWebFixture();
afterAll(() => web.remove());

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request with the path exactly as given (Node's client does not clean up paths). */
function raw(port: number, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path, method: 'GET' }, (response) => {
      let body = '';
      response.on('data', (chunk) => (body += String(chunk)));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

function expectProblemAnswer(answer: Answer, status: number) {
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toContain(PROBLEM_CONTENT_TYPE);
  expect(answer.headers['x-content-type-options']).toBe('nosniff');
  expect(answer.headers['content-security-policy']).toBeTruthy();
  expect(answer.headers['cache-control']).toBe('no-store');
  expect(JSON.parse(answer.body)).toMatchObject({ status });
}

// Finding 8 of the security probe: answers under /api/v1 outside the problem format.
describe('every answer under /api/v1 is a problem body with the security headers', () => {
  const api = useApi({ web: { root: web.root } });
  let port: number;
  const listening = async () => {
    if (!port) {
      await api.app.listen({ port: 0, host: '127.0.0.1' });
      port = (api.app.server.address() as AddressInfo).port;
    }
    return port;
  };

  it('a path that is not valid percent-encoding (400), not echoing the path', async () => {
    const answer = await raw(await listening(), `${API_BASE}/%ZZ-marker`);
    expectProblemAnswer(answer, 400);
    expect(answer.body).not.toContain('marker');
  });

  it('a URL longer than the server takes (431)', async () => {
    const answer = await raw(
      await listening(),
      `${API_BASE}/Lifetime/IsAlive?x=${'a'.repeat(20_000)}`,
    );
    expectProblemAnswer(answer, 431);
  });

  it.each([
    `${API_BASE}//Customer/GetCustomerData`,
    `${API_BASE}/../api/v1/Lifetime/IsAlive`,
    `${API_BASE}/Customer/../../index.html`,
    '/api/nothing-here',
  ])('%s answers the 404 problem, never the static files’ 403', async (path) => {
    expectProblemAnswer(await raw(await listening(), path), 404);
  });

  it('unknown query parameters are refused on calls that take none', async () => {
    const response = await api.client.unchecked(calls.customerGetCustomerData, {
      token: await api.issuer.tokenFor(demo.clara),
      query: { role: 'superadmin' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'validation_failed',
      errors: [{ field: 'query.role', code: 'unknown_field' }],
    });
  });
});
