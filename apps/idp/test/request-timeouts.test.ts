import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '@pp/database/testing';
import { createIdpTestDatabase, startIdp, type RunningIdp } from './support/provider.ts';

let database: TestDatabase;
let running: RunningIdp;

// As the api's `serverTimeouts(2)` gives them (decision 0022), with a shorter check interval.
const TIMEOUTS = {
  requestTimeout: 2_000,
  keepAliveTimeout: 72_000,
  http: { headersTimeout: 2_000, connectionsCheckingInterval: 250 },
};

beforeAll(async () => {
  database = await createIdpTestDatabase();
  running = await startIdp(database.database.db, { serverTimeouts: TIMEOUTS });
});

afterAll(async () => {
  await running?.close();
  await database?.drop();
});

/** Sends `head` on a raw connection, then nothing; resolves with what the server answered. */
function stall(head: string): Promise<{ answer: string; closedAfterMs: number }> {
  const { hostname, port } = new URL(running.url);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(head));
    let answer = '';
    socket.on('data', (chunk) => (answer += String(chunk)));
    socket.on('close', () => resolve({ answer, closedAfterMs: Date.now() - started }));
    socket.on('error', reject);
    setTimeout(() => {
      socket.destroy();
      reject(new Error('the provider kept the stalled connection open'));
    }, 15_000).unref();
  });
}

// Finding 5 of the security review: the provider kept Node's defaults (300 s per request).
describe('a request to the provider that never finishes', () => {
  it.each(['/register', '/token'])(
    'POST %s: a stalled body is cut with 408 after the request timeout',
    async (path) => {
      const host = new URL(running.url).host;
      const { answer, closedAfterMs } = await stall(
        `POST ${path} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\nemail=`,
      );
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(closedAfterMs).toBeLessThan(6_000);
    },
  );

  it('stalled headers are cut as well', async () => {
    const { closedAfterMs } = await stall(`GET /register HTTP/1.1\r\nHost: x\r\nX-Slow: `);
    expect(closedAfterMs).toBeLessThan(6_000);
  });
});
