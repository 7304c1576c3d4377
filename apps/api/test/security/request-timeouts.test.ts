import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { API_BASE, calls } from '@pp/contract';
import { useApi } from '../support/context.ts';

/** Sends `head` on a raw connection, then nothing; resolves with what the server answered. */
function stall(port: number, head: string): Promise<{ answer: string; closedAfterMs: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(head));
    let answer = '';
    socket.on('data', (chunk) => (answer += String(chunk)));
    socket.on('close', () => resolve({ answer, closedAfterMs: Date.now() - started }));
    socket.on('error', reject);
    setTimeout(() => {
      socket.destroy();
      reject(new Error('the server kept the stalled connection open'));
    }, 15_000).unref();
  });
}

// Finding 5 of the security probe: a body that never arrived kept the connection for minutes.
describe('a request that never finishes', () => {
  const api = useApi({ env: { REQUEST_TIMEOUT_SECONDS: '2' } });
  const url = `${API_BASE}${calls.customerUpdateCustomerData.path}`;

  it('is cut after the request timeout with 408, for a stalled body and for stalled headers', async () => {
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = api.app.server.address() as AddressInfo;
    const token = await api.issuer.tokenFor('clara.wolf@example.com');
    const body = await stall(
      port,
      `PATCH ${url} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"first`,
    );
    expect(body.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(body.closedAfterMs).toBeLessThan(6_000);
    const headers = await stall(port, `GET ${url} HTTP/1.1\r\nHost: localhost\r\nX-Slow: `);
    expect(headers.closedAfterMs).toBeLessThan(6_000);
  });
});
